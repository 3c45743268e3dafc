import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { nothing } from '../../auth/scope.ts';
import { feedback } from './tables.ts';

/** Feedback: the administrator's all; a host's, what its host's logins sent; an exhibitor's, what it sent. */
export function feedbackScope(p: UserPrincipal): SQL {
  const live = isNull(feedback.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host) return p.hostIds.length ? and(live, inArray(feedback.hostId, p.hostIds))! : nothing;
  return and(live, eq(feedback.userId, p.userId))!;
}
