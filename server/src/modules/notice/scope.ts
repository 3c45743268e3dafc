import { and, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { nothing } from '../../auth/scope.ts';
import { notice } from './tables.ts';

/** Platform notices: the administrator's all; a host's, those to every host and to its own. */
export function noticeScope(p: UserPrincipal): SQL {
  const live = isNull(notice.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host) return and(live, p.hostIds.length ? or(isNull(notice.hostId), inArray(notice.hostId, p.hostIds)) : isNull(notice.hostId))!;
  return nothing;
}
