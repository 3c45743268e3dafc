import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import { company, exhibition, exhibitor, hostInUser } from '../core/tables.ts';
import type { Executor } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { operationLog } from '../oplog/tables.ts';
import { auditRecord } from '../audit/tables.ts';
import { backgroundJob } from '../jobs/tables.ts';
import type { Principal, UserPrincipal } from './principal.ts';
import { cachedByTables } from '../infra/table-cache.ts';

/**
 * Tenancy, decided here and nowhere else. Each function answers the condition that limits a
 * table to what the principal may see; services apply it before any filter from the request,
 * so a record of another tenant is simply not found (404). A module's own table is scoped in the
 * module (its scope.ts), built only from the functions here: which hosts, exhibitions and
 * exhibitors a principal reaches is never decided anywhere else.
 */
export const nothing = sql`false`;

/**
 * The exhibitions a host user reaches, as a subquery of ids: every exhibition of the hosts it owns
 * or fully works for, plus those assigned to it (staff limited to some exhibitions through
 * `/api/v3/hostinuser/exhibition`). Every host-side condition on an exhibition goes through it, so
 * removing an assignment takes effect at the next request. Null when it reaches none.
 */
export function hostExhibitions(p: UserPrincipal): SQL | null {
  const parts = [
    p.fullHostIds.length ? sql`host_id in ${p.fullHostIds}` : null,
    p.assignedExhibitionIds.length ? sql`id in ${p.assignedExhibitionIds}` : null,
  ].filter((x): x is SQL => x !== null);
  return parts.length ? sql`(select id from exhibition where deleted_at is null and (${sql.join(parts, sql` or `)}))` : null;
}

export const canReadHost = (p: UserPrincipal, hostId: string) => p.role === Role.Admin || p.hostIds.includes(hostId);

export function exhibitionScope(p: UserPrincipal): SQL {
  const live = isNull(exhibition.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host) {
    const reach = hostExhibitions(p);
    return reach ? and(live, sql`${exhibition.id} in ${reach}`)! : nothing;
  }
  return p.exhibitionId ? and(live, eq(exhibition.id, p.exhibitionId))! : nothing;
}

export function exhibitorScope(p: UserPrincipal): SQL {
  const live = isNull(exhibitor.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host)
    return hostExhibitions(p)
      ? and(live, inArray(exhibitor.exhibitionId, hostExhibitions(p)!))!
      : nothing;
  return p.exhibitorId ? and(live, eq(exhibitor.id, p.exhibitorId))! : nothing;
}

export function operationLogScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  return p.hostIds.length ? inArray(operationLog.hostId, p.hostIds) : nothing;
}

/** Companies: the administrator's all; a host's, those exhibiting at its exhibitions; an exhibitor's, its own. */
export function companyScope(p: UserPrincipal): SQL {
  const live = isNull(company.deletedAt);
  if (p.role === Role.Admin) return live;
  if (p.role === Role.Host)
    return hostExhibitions(p)
      ? and(
          live,
          sql`${company.id} in (select company_id from exhibitor where deleted_at is null and exhibition_id in ${hostExhibitions(p)!})`,
        )!
      : nothing;
  return p.companyId ? and(live, eq(company.id, p.companyId))! : nothing;
}

/** Rows keyed by an exhibitor (catalogue entry, lintel, corrections, logs): those of the exhibitors the principal reaches. */
export const reachableExhibitor = (p: UserPrincipal, column: AnyColumn): SQL =>
  sql`${column} in (select ${exhibitor.id} from ${exhibitor} where ${exhibitorScope(p)})`;

/**
 * Rows keyed by an exhibitor that also carry its exhibition (products, their evaluations): the
 * administrator's all, a host's those of its exhibitions, an exhibitor's its own. The same rows as
 * `reachableExhibitor`, without listing every exhibitor of a host's exhibitions; the caller joins
 * the exhibitor and keeps only live ones.
 */
export function ofExhibitorInExhibition(p: UserPrincipal, exhibitorColumn: AnyColumn, exhibitionColumn: AnyColumn): SQL {
  if (p.role === Role.Admin) return sql`true`;
  if (p.role === Role.Host) return ofExhibition(p, exhibitionColumn);
  return p.exhibitorId ? eq(exhibitorColumn, p.exhibitorId) : nothing;
}

/** The joins a user manages: an exhibitor's, every join of its companies across exhibitions (the my-ex list). */
export function managedExhibitorScope(p: UserPrincipal): SQL {
  if (p.role !== Role.Exhibitor) return exhibitorScope(p);
  return and(isNull(exhibitor.deletedAt), sql`${exhibitor.companyId} in (select company_id from company_user where user_id = ${p.userId})`)!;
}

/** Rows keyed by an exhibition (downloads, settling applications): a host's exhibitions, an exhibitor's own. */
export function ofExhibition(p: UserPrincipal, column: AnyColumn): SQL {
  if (p.role === Role.Admin) return sql`true`;
  if (p.role === Role.Host)
    return hostExhibitions(p) ? sql`${column} in ${hostExhibitions(p)!}` : nothing;
  return p.exhibitionId ? eq(column, p.exhibitionId) : nothing;
}

/** The audit queue: the administrator's all; a host's, its hosts'; an exhibitor's, its own submissions. */
export function auditRecordScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  if (p.role === Role.Host) return sql`${auditRecord.exhibitionId} in (select ${exhibition.id} from ${exhibition} where ${exhibitionScope(p)})`;
  return p.exhibitorId ? eq(auditRecord.exhibitorId, p.exhibitorId) : nothing;
}

/** Host logins (issue 5): the administrator's all, a host's own host's. */
export function hostInUserScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  return p.role === Role.Host && p.hostIds.length ? inArray(hostInUser.hostId, p.hostIds) : nothing;
}

/**
 * Background jobs: the administrator's all; a host's, those of the exhibitions it reaches; an exhibitor's, those it
 * started itself for its own records (an export whose params name its exhibitor, in its exhibition). A job of another
 * login of the same company, or a host's export of the same exhibition, is not the exhibitor's.
 */
export function backgroundJobScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  if (p.role === Role.Host) return hostExhibitions(p) ? sql`${backgroundJob.exhibitionId} in ${hostExhibitions(p)!}` : nothing;
  if (p.role !== Role.Exhibitor || !p.exhibitorId || !p.exhibitionId) return nothing;
  return and(
    eq(backgroundJob.createdBy, p.userId),
    eq(backgroundJob.exhibitionId, p.exhibitionId),
    sql`${backgroundJob.params}->>'exhibitorId' = ${p.exhibitorId}`,
  )!;
}

/** What a principal's reach depends on (this file reads only these), so two sessions of one user share cached reads. */
export function reachKey(p: Principal | null | undefined): string {
  if (!p) return '-';
  if (p.kind !== 'user') return JSON.stringify(p);
  return [p.userId, p.role, p.hostIds, p.fullHostIds, p.assignedExhibitionIds, p.exhibitionId, p.exhibitorId, p.companyId, p.memberId].join('|');
}

/**
 * The exhibition the principal reaches, or 404 (another host's is not found). Remembered like a cached answer
 * (infra/table-cache.ts) until a table the check read is written: the feature gate and most host routes ask it on
 * every call. Inside a transaction it reads afresh.
 */
export async function reachableExhibition(db: Executor, p: UserPrincipal, id: string) {
  const row = await cachedByTables(db, `reachable exhibition\n${reachKey(p)}\n${id}`, async () => {
    const [found] = await db.select().from(exhibition).where(and(exhibitionScope(p), eq(exhibition.id, id))).limit(1);
    return found ?? null;
  });
  if (!row) throw notFound('exhibition');
  return row;
}

/**
 * A visitor's (role 3) own registration in the exhibition named by the call: the one it signed in to,
 * else 404 (another exhibition's visitor pages are not found). Anyone else has none here.
 */
export function visitorMemberId(p: UserPrincipal, exhibitionId: string): string {
  if (p.role !== Role.Visitor || !p.memberId || p.exhibitionId !== exhibitionId) throw notFound('exhibition');
  return p.memberId;
}
