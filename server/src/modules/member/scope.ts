import { eq, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { nothing, ofExhibition, reachableExhibitor, visitorMemberId } from '../../auth/scope.ts';
import { customerService, member } from './tables.ts';

/**
 * Members: a visitor only its own registration (in `exhibitionId`, the exhibition of the call, when
 * given: another one is a 404); a host its exhibitions' visitors; the administrator all; an exhibitor none.
 */
export function memberScope(p: UserPrincipal, exhibitionId?: string): SQL {
  if (p.role === Role.Visitor) return p.memberId ? eq(member.id, exhibitionId === undefined ? p.memberId : visitorMemberId(p, exhibitionId)) : nothing;
  if (p.role === Role.Exhibitor) return nothing;
  return ofExhibition(p, member.exhibitionId);
}

/** Customer-service members: those of the exhibitors the principal reaches (an exhibitor its own, a host its exhibitions'). */
export const customerServiceScope = (p: UserPrincipal): SQL => reachableExhibitor(p, customerService.exhibitorId);
