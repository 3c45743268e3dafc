import { eq, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { nothing, ofExhibition, visitorMemberId } from '../../auth/scope.ts';
import { member } from './tables.ts';

/**
 * Members: a visitor only its own registration (in `exhibitionId`, the exhibition of the call, when
 * given: another one is a 404); a host its exhibitions' visitors; the administrator all; an exhibitor none.
 */
export function memberScope(p: UserPrincipal, exhibitionId?: string): SQL {
  if (p.role === Role.Visitor) return p.memberId ? eq(member.id, exhibitionId === undefined ? p.memberId : visitorMemberId(p, exhibitionId)) : nothing;
  if (p.role === Role.Exhibitor) return nothing;
  return ofExhibition(p, member.exhibitionId);
}
