import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { hostExhibitions, nothing } from '../../auth/scope.ts';
import { productTag } from './tables.ts';

/** Product tags belong to an exhibition: the administrator's all, a host's exhibitions', an exhibitor's own exhibition's. */
export function productTagScope(p: UserPrincipal): SQL {
  const live = isNull(productTag.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host)
    return hostExhibitions(p)
      ? and(live, inArray(productTag.exhibitionId, hostExhibitions(p)!))!
      : nothing;
  return p.exhibitionId ? and(live, eq(productTag.exhibitionId, p.exhibitionId))! : nothing;
}
