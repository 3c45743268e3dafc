import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { nothing } from '../../auth/scope.ts';
import { category } from './tables.ts';

/** Categories belong to a host: a host's own; an exhibitor reads those of its exhibition's host. */
export function categoryScope(p: UserPrincipal): SQL {
  const live = isNull(category.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host) return p.hostIds.length ? and(live, inArray(category.hostId, p.hostIds))! : nothing;
  return p.exhibitionId ? and(live, sql`${category.hostId} = (select host_id from exhibition where id = ${p.exhibitionId})`)! : nothing;
}
