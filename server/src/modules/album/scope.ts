import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { album } from './tables.ts';

/** Live albums of the exhibitors the principal reaches: an exhibitor its own, a host its exhibitions', the administrator all. */
export const albumScope = (p: UserPrincipal): SQL => and(isNull(album.deletedAt), ofExhibitorInExhibition(p, album.exhibitorId, album.exhibitionId))!;
