import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition } from '../../auth/scope.ts';
import { liveGift, liveRoom } from './tables.ts';

/**
 * Live rooms the principal reaches: the administrator's all; a host's, every room of its exhibitions (its own,
 * activities', exhibitors'); an exhibitor's, its own rooms (`exhibitorId`, an activity's room of its activity too).
 */
export const liveRoomScope = (p: UserPrincipal): SQL => and(isNull(liveRoom.deletedAt), ofExhibitorInExhibition(p, liveRoom.exhibitorId, liveRoom.exhibitionId))!;

/** The gift catalogues of the exhibitions the principal reaches (an exhibitor reads its own exhibition's). */
export const liveGiftScope = (p: UserPrincipal): SQL => and(isNull(liveGift.deletedAt), ofExhibition(p, liveGift.exhibitionId))!;

/** The room of `id` within the scope. */
export const roomById = (p: UserPrincipal, id: string): SQL => and(liveRoomScope(p), eq(liveRoom.id, id))!;
