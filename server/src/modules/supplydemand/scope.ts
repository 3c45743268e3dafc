import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { supplyDemand } from './tables.ts';

/**
 * Posts the principal reaches: the administrator's all; a host's, every post of its exhibitions (exhibitors', visitors',
 * its own); an exhibitor's, its own posts. Comments are reached through their post.
 */
export const supplyDemandScope = (p: UserPrincipal): SQL => and(isNull(supplyDemand.deletedAt), ofExhibitorInExhibition(p, supplyDemand.exhibitorId, supplyDemand.exhibitionId))!;

export const postById = (p: UserPrincipal, id: string): SQL => and(supplyDemandScope(p), eq(supplyDemand.id, id))!;
