import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import { exhibition } from '../modules/exhibition/tables.ts';
import { exhibitor } from '../modules/company/tables.ts';
import { operationLog } from '../oplog/tables.ts';
import { productTag } from '../modules/reference/tables.ts';
import type { UserPrincipal } from './principal.ts';

/**
 * Tenancy, decided here and nowhere else. Each function answers the condition that limits a
 * table to what the principal may see; services apply it before any filter from the request,
 * so a record of another tenant is simply not found (404).
 */
const nothing = sql`false`;

export const canReadHost = (p: UserPrincipal, hostId: string) => p.role === Role.Admin || p.hostIds.includes(hostId);

export function exhibitionScope(p: UserPrincipal): SQL {
  const live = isNull(exhibition.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host) return p.hostIds.length ? and(live, inArray(exhibition.hostId, p.hostIds))! : nothing;
  return p.exhibitionId ? and(live, eq(exhibition.id, p.exhibitionId))! : nothing;
}

export function exhibitorScope(p: UserPrincipal): SQL {
  const live = isNull(exhibitor.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host)
    return p.hostIds.length
      ? and(live, inArray(exhibitor.exhibitionId, sql`(select id from exhibition where host_id in ${p.hostIds} and deleted_at is null)`))!
      : nothing;
  return p.exhibitorId ? and(live, eq(exhibitor.id, p.exhibitorId))! : nothing;
}

export function operationLogScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  return p.hostIds.length ? inArray(operationLog.hostId, p.hostIds) : nothing;
}

/** Product tags belong to an exhibition: the administrator's all, a host's exhibitions', an exhibitor's own exhibition's. */
export function productTagScope(p: UserPrincipal): SQL {
  const live = isNull(productTag.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host)
    return p.hostIds.length
      ? and(live, inArray(productTag.exhibitionId, sql`(select id from exhibition where host_id in ${p.hostIds} and deleted_at is null)`))!
      : nothing;
  return p.exhibitionId ? and(live, eq(productTag.exhibitionId, p.exhibitionId))! : nothing;
}
