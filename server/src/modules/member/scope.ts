import { type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, reachableExhibitor } from '../../auth/scope.ts';
import { customerService, member } from './tables.ts';

/** Registered visitors: the administrator's all, a host's those of its exhibitions (the routes let no other role in). */
export const memberScope = (p: UserPrincipal): SQL => ofExhibition(p, member.exhibitionId);

/** Customer-service members: those of the exhibitors the principal reaches (an exhibitor its own, a host its exhibitions'). */
export const customerServiceScope = (p: UserPrincipal): SQL => reachableExhibitor(p, customerService.exhibitorId);
