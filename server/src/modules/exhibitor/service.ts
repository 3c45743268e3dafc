import { and, asc, count, eq, ilike, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  exhibitorCounters,
  Role,
  toPage,
  type Exhibitor,
  type ExhibitorQuery,
  type Page,
  type PageRequest,
  type createExhibitorBody,
  type exhibitorFields,
  type updateExhibitorBody,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { WriteContext } from '../../core/write.ts';
import './audit.ts';
import { hashPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { companyScope, exhibitionScope, exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { userAccount } from '../account/tables.ts';
import { guardUnique } from '../account/service.ts';
import { category } from '../category/tables.ts';
import { assertCategoriesOfHost } from '../category/service.ts';
import { company, companyUser } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { exhibitorJournal } from '../journal/tables.ts';
import { exhibitorLintel } from '../lintel/tables.ts';
import { exhibitorCard } from '../card/tables.ts';
import { companyInvoice } from '../invoice/tables.ts';
import { exhibitor, exhibitorCategory } from './tables.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import { containing } from '../../db/like.ts';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';
import { iso } from '../../http/time.ts';

export type ExhibitorRow = typeof exhibitor.$inferSelect;
export type CompanyRow = typeof company.$inferSelect;
export type CategoryRef = { id: string; name: string; nameEn: string | null };
/** What a write needs: the transaction, the caller (for op-log rows and field errors in its language). */


export function toExhibitorRecord(r: ExhibitorRow, categories: CategoryRef[]): Omit<Exhibitor, 'company'> {
  return {
    id: r.id,
    compId: r.companyId,
    exhibitionId: r.exhibitionId,
    banner: r.banner,
    boothArea: r.boothArea,
    boothInfo: r.boothInfo,
    topic: r.topic,
    topicStart: iso(r.topicStart),
    topicEnd: iso(r.topicEnd),
    topicType: r.topicType,
    pTopic: r.pTopic,
    pTopicStart: iso(r.pTopicStart),
    pTopicEnd: iso(r.pTopicEnd),
    pTopicType: r.pTopicType,
    category: categories.length ? categories.map((c) => c.name).join(',') : null,
    categoryIds: categories.map((c) => c.id),
    categories,
    isPopularize: r.isPopularize,
    isLiving: r.isLiving,
    ...(Object.fromEntries(exhibitorCounters.map((k) => [k, r[k]])) as Record<(typeof exhibitorCounters)[number], number>),
    isShow: r.isShow,
    showIndex: r.showIndex,
    auditState: r.auditState as AuditState,
    auditReason: r.auditReason,
    createAt: r.createdAt.toISOString(),
    updateAt: r.updatedAt.toISOString(),
  };
}

export const toExhibitorCompany = (c: CompanyRow) => ({ id: c.id, name: c.name, nameEn: c.nameEn, logo: c.logo, region: c.region, address: c.address });

export const toExhibitor = (r: ExhibitorRow, c: CompanyRow, categories: CategoryRef[]): Exhibitor => ({
  ...toExhibitorRecord(r, categories),
  company: toExhibitorCompany(c),
});

/** The live categories of many exhibitors in one query, in the order they were given. */
export async function categoriesOf(db: Executor, exhibitorIds: string[]): Promise<Map<string, CategoryRef[]>> {
  const out = new Map<string, CategoryRef[]>(exhibitorIds.map((id) => [id, []]));
  if (!exhibitorIds.length) return out;
  const rows = await db
    .select({ exhibitorId: exhibitorCategory.exhibitorId, id: category.id, name: category.name, nameEn: category.nameEn })
    .from(exhibitorCategory)
    .innerJoin(category, and(eq(category.id, exhibitorCategory.categoryId), isNull(category.deletedAt)))
    .where(inArray(exhibitorCategory.exhibitorId, exhibitorIds))
    .orderBy(asc(exhibitorCategory.showIndex), asc(category.showIndex));
  for (const r of rows) out.get(r.exhibitorId)?.push({ id: r.id, name: r.name, nameEn: r.nameEn });
  return out;
}


export type ExhibitorFilter = Omit<ExhibitorQuery, 'pageIndex' | 'pageSize'> & {
  /** Only the exhibitor's own lists show its drafts; host lists never do (the spec filters -3). */
  includeDrafts?: boolean;
};

/** The search conditions of the host's exhibitor list, applied after the principal's scope. */
export function exhibitorConditions(f: ExhibitorFilter): (SQL | undefined)[] {
  const hasInvoice = sql`exists (select 1 from ${companyInvoice} where ${companyInvoice.companyId} = ${exhibitor.companyId})`;
  const inBrandTopic = sql`coalesce(${exhibitor.pTopic}, '') <> ''`;
  const handedInCard = sql`exists (select 1 from ${exhibitorCard} where ${exhibitorCard.exhibitorId} = ${exhibitor.id} and ${exhibitorCard.deletedAt} is null and ${exhibitorCard.auditState} <> ${AuditState.Draft})`;
  const submitted = (table: typeof exhibitorJournal | typeof exhibitorLintel) =>
    sql`exists (select 1 from ${table} where ${table.exhibitorId} = ${exhibitor.id} and ${table.auditState} <> ${AuditState.Draft})`;
  return [
    f.includeDrafts ? undefined : ne(exhibitor.auditState, AuditState.Draft),
    f.exhibitionId ? eq(exhibitor.exhibitionId, f.exhibitionId) : undefined,
    f.companyName
      ? sql`exists (select 1 from ${company} where ${company.id} = ${exhibitor.companyId} and ${or(ilike(company.name, containing(f.companyName)), ilike(company.nameEn, containing(f.companyName)))})`
      : undefined,
    f.categoryId
      ? sql`exists (select 1 from ${exhibitorCategory} where ${exhibitorCategory.exhibitorId} = ${exhibitor.id} and ${exhibitorCategory.categoryId} = ${f.categoryId})`
      : undefined,
    f.auditState !== undefined ? eq(exhibitor.auditState, f.auditState) : undefined,
    f.isShow !== undefined ? eq(exhibitor.isShow, f.isShow) : undefined,
    f.hasJournal === undefined ? undefined : f.hasJournal ? submitted(exhibitorJournal) : sql`not ${submitted(exhibitorJournal)}`,
    f.hasLintel === undefined ? undefined : f.hasLintel ? submitted(exhibitorLintel) : sql`not ${submitted(exhibitorLintel)}`,
    f.hasCard === undefined ? undefined : f.hasCard ? handedInCard : sql`not ${handedInCard}`,
    f.hasInvoice === undefined ? undefined : f.hasInvoice ? hasInvoice : sql`not ${hasInvoice}`,
    f.hasBrandTopic === undefined ? undefined : f.hasBrandTopic ? inBrandTopic : sql`not ${inBrandTopic}`,
    f.pTopic ? eq(exhibitor.pTopic, f.pTopic) : undefined,
  ];
}

/**
 * The exhibitors of a list, by the conditions on the exhibitor alone (the company name filter is an
 * `exists`): no join over every row. The company is left out on purpose: a company that still
 * exhibits cannot be deleted (DELETE /api/company answers 4020), so a live exhibitor has a live company.
 */
export const exhibitorListWhere = (scope: SQL, f: ExhibitorFilter) => and(scope, ...exhibitorConditions(f))!;

/**
 * How many exhibitors a list holds: over exhibitor_exhibition_list_idx (exhibition, order, audit
 * state, live rows only) an index-only scan for the host's list, a join with nothing.
 */
export async function exhibitorCount(db: Executor, where: SQL): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exhibitor).where(where);
  return total;
}

/** The lists' order (exhibitor_exhibition_list_idx): show index, newest first, id. */
export const exhibitorListOrder: KeyOrder = [{ column: exhibitor.showIndex }, { column: exhibitor.createdAt, descending: true }, { column: exhibitor.id }];

/**
 * One page of a list with each exhibitor's company, in the list's order (showIndex, newest first,
 * id): the page's ids first, read in index order, then those rows joined with their company, so
 * the cost of a page does not grow with the exhibition.
 */
export async function exhibitorPageRows(db: Executor, where: SQL, page: PageRequest): Promise<{ exhibitor: ExhibitorRow; company: CompanyRow }[]> {
  const order = orderOf(exhibitorListOrder);
  const ids = db
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  return db
    .select({ exhibitor, company })
    .from(exhibitor)
    .innerJoin(company, and(eq(company.id, exhibitor.companyId), isNull(company.deletedAt)))
    .where(inArray(exhibitor.id, ids))
    .orderBy(...order);
}

/**
 * A page of exhibitors with their company and categories in three queries whatever the page size:
 * the count, the page joined with its company, the categories of the page. `scope` is a condition
 * from server/src/auth/scope.ts (`exhibitorScope(principal)` …); exports, GraphQL and the bench
 * reuse this with their own scope.
 */
export async function exhibitorPage(db: Executor, scope: SQL, q: ExhibitorFilter & PageRequest): Promise<Page<Exhibitor>> {
  const where = exhibitorListWhere(scope, q);
  const total = await exhibitorCount(db, where);
  const rows = total ? await exhibitorPageRows(db, where, q) : [];
  const cats = await categoriesOf(db, rows.map((r) => r.exhibitor.id));
  return toPage(
    rows.map((r) => toExhibitor(r.exhibitor, r.company, cats.get(r.exhibitor.id) ?? [])),
    total,
    q,
  );
}

/**
 * The ids of a whole list in its order, in pages of `pageSize` read by key (each page one range of
 * exhibitor_exhibition_list_idx starting where the last one ended): exports read their own columns for each page.
 */
export const exhibitorIdPages = (db: Executor, where: SQL, pageSize: number) =>
  pagesByKey(exhibitorListOrder, pageSize, (range, limit) =>
    db
      .select({ id: exhibitor.id, key: keyOf(exhibitorListOrder) })
      .from(exhibitor)
      .where(and(where, range))
      .orderBy(...orderOf(exhibitorListOrder))
      .limit(limit),
  );

/** One exhibitor the principal reaches, with its company and its exhibition's host; 404 otherwise. */
/** The exhibition of a live exhibitor, whoever asks (the feature gate's lookup); one that does not exist is a 404. */
export async function exhibitionOfExhibitor(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(eq(exhibitor.id, id), isNull(exhibitor.deletedAt)));
  if (!row) throw notFound('exhibitor');
  return row.exhibitionId;
}

export async function loadExhibitor(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await db
    .select({ exhibitor, company, hostId: exhibition.hostId })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .where(and(exhibitorScope(p), eq(exhibitor.id, id)))
    .limit(1);
  if (!row) throw notFound('exhibitor');
  return row;
}

export async function exhibitorDetails(db: Executor, p: UserPrincipal, id: string): Promise<Exhibitor> {
  const { exhibitor: row, company: c } = await loadExhibitor(db, p, id);
  return toExhibitor(row, c, (await categoriesOf(db, [row.id])).get(row.id) ?? []);
}

/** The exhibitor id a call is about: the exhibitor's own, or the one a host or administrator names. */
export function exhibitorIdFor(p: UserPrincipal, given: string | undefined): string {
  if (p.role === Role.Exhibitor) {
    if (!p.exhibitorId || (given && given !== p.exhibitorId)) throw notFound('exhibitor');
    return p.exhibitorId;
  }
  if (!given) throw fieldError('exhibitorId', 'required');
  return given;
}

/**
 * Replaces an exhibitor's categories: at most the exhibition's `exhibitorCategoryNumber` (400
 * naming the field), each a live category of the exhibition's host (404 otherwise).
 */
export async function setExhibitorCategories(ctx: WriteContext, target: { id: string; exhibitionId: string; hostId: string }, ids: string[], field = 'categoryIds') {
  const { tx } = ctx;
  const unique = [...new Set(ids)];
  const { exhibitorCategoryNumber } = await getExhibitionSettings(tx, target.exhibitionId);
  if (unique.length > exhibitorCategoryNumber) throw fieldError(field, 'tooLong', { max: String(exhibitorCategoryNumber) });
  await assertCategoriesOfHost(tx, target.hostId, unique);
  await tx.delete(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, target.id));
  if (unique.length) await tx.insert(exhibitorCategory).values(unique.map((categoryId, i) => ({ exhibitorId: target.id, categoryId, showIndex: i })));
}

type Fields = Partial<z.infer<typeof exhibitorFields>>;
const dateKeys = new Set(['topicStart', 'topicEnd', 'pTopicStart', 'pTopicEnd']);
const fieldKeys = ['banner', 'boothArea', 'boothInfo', 'topic', 'topicStart', 'topicEnd', 'topicType', 'pTopic', 'pTopicStart', 'pTopicEnd', 'pTopicType', 'isPopularize', 'isLiving', 'isShow', 'showIndex'] as const;

/** The join's columns among the fields sent (`null` clears, absent keeps). */
export function exhibitorValues(body: Fields): Partial<typeof exhibitor.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const k of fieldKeys) {
    const v = body[k];
    if (v === undefined) continue;
    out[k] = dateKeys.has(k) && typeof v === 'string' ? new Date(v) : v;
  }
  return out as Partial<typeof exhibitor.$inferInsert>;
}

/** A window must not end before it starts (topic and brand topic). */
function checkWindows(merged: { topicStart?: Date | null; topicEnd?: Date | null; pTopicStart?: Date | null; pTopicEnd?: Date | null }) {
  if (merged.topicStart && merged.topicEnd && merged.topicEnd < merged.topicStart) throw fieldError('topicEnd', 'invalid');
  if (merged.pTopicStart && merged.pTopicEnd && merged.pTopicEnd < merged.pTopicStart) throw fieldError('pTopicEnd', 'invalid');
}

const companyValues = (c: Partial<Pick<CompanyRow, 'name' | 'nameEn' | 'logo' | 'region' | 'address'>>) =>
  Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as Partial<typeof company.$inferInsert>;

async function assertNotJoined(ctx: WriteContext, exhibitionId: string, companyId: string, field: string) {
  const [dup] = await ctx.tx
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .where(and(eq(exhibitor.exhibitionId, exhibitionId), eq(exhibitor.companyId, companyId), isNull(exhibitor.deletedAt)));
  if (dup) throw fieldError(field, 'taken', {}, ErrorCode.Conflict);
}

/**
 * A host creates an exhibitor: a new company or an existing one it reaches, the join in one of its
 * exhibitions, its categories and, optionally, a login account. One transaction, one op-log row.
 */
export async function createExhibitor(ctx: WriteContext, body: z.infer<typeof createExhibitorBody>) {
  const { tx, principal: p, actor } = ctx;
  const [exh] = await tx.select().from(exhibition).where(and(exhibitionScope(p), eq(exhibition.id, body.exhibitionId)));
  if (!exh) throw notFound('exhibition');
  let comp: CompanyRow;
  if ('id' in body.company) {
    const [found] = await tx.select().from(company).where(and(companyScope(p), eq(company.id, body.company.id)));
    if (!found) throw notFound('company');
    comp = found;
    await assertNotJoined(ctx, exh.id, comp.id, 'company.id');
  } else {
    [comp] = (await tx.insert(company).values(companyValues(body.company) as typeof company.$inferInsert).returning()) as [CompanyRow];
  }
  const values = exhibitorValues(body);
  checkWindows(values);
  const [row] = await tx
    .insert(exhibitor)
    .values({ ...values, exhibitionId: exh.id, companyId: comp.id, auditState: AuditState.Approved })
    .returning();
  if (body.categoryIds?.length) await setExhibitorCategories(ctx, { id: row!.id, exhibitionId: exh.id, hostId: exh.hostId }, body.categoryIds);
  let account: { userId: string; userName: string } | null = null;
  if (body.account) {
    const a = body.account;
    const [user] = await guardUnique(async () =>
      tx
        .insert(userAccount)
        .values({ userName: a.userName, name: a.name ?? null, role: Role.Exhibitor, passwordHash: await hashPassword(a.password), mustChangePassword: true, phoneNumber: a.phoneNumber ?? null, email: a.email ?? null })
        .returning(),
    );
    await tx.insert(companyUser).values({ companyId: comp.id, userId: user!.id }).onConflictDoNothing();
    account = { userId: user!.id, userName: user!.userName };
  }
  await writeOpLog(tx, actor, {
    action: 'exhibitor.create',
    targetType: 'exhibitor',
    targetId: row!.id,
    hostId: exh.hostId,
    after: { exhibitionId: exh.id, companyId: comp.id, companyName: comp.name, categoryIds: body.categoryIds ?? [], account: account?.userName ?? null },
  });
  return { id: row!.id, account };
}

/** Create a join for an existing company (the request api's `POST /api/join`). */
export async function createJoin(ctx: WriteContext, body: z.infer<typeof exhibitorFields> & { exhibitionId: string; companyId: string }) {
  const { companyId, ...rest } = body;
  return createExhibitor(ctx, { ...rest, company: { id: companyId } });
}

/** What an exhibitor may change on its own join (ExJoinInfo); the rest is the host's, or a correction request. */
const EXHIBITOR_EDITABLE = new Set(['banner', 'categoryIds']);

/**
 * Changes the fields sent: the join's, its categories and its company's. Update, patch, PATCH and
 * the request api's `PUT /api/join` all come here.
 */
export async function updateExhibitor(ctx: WriteContext, id: string, body: z.infer<typeof updateExhibitorBody>, action = 'exhibitor.update') {
  const { tx, principal: p, actor } = ctx;
  const own = p.role === Role.Exhibitor;
  if (own) {
    const other = Object.keys(body).find((k) => body[k as keyof typeof body] !== undefined && !EXHIBITOR_EDITABLE.has(k));
    if (other) throw fieldError(other, 'unknown');
  }
  const before = await loadExhibitor(tx, p, id);
  const values = exhibitorValues(body);
  checkWindows({ ...before.exhibitor, ...values });
  const beforeCats = (await categoriesOf(tx, [id])).get(id)!;
  if (Object.keys(values).length) await tx.update(exhibitor).set(values).where(eq(exhibitor.id, id));
  const companyChange = body.company ? companyValues(body.company) : {};
  if (Object.keys(companyChange).length) {
    // A company that also exhibits with another host is not this host's to rename: its own profile or a correction changes it.
    if (p.role === Role.Host) {
      const [elsewhere] = await tx
        .select({ id: exhibitor.id })
        .from(exhibitor)
        .where(and(eq(exhibitor.companyId, before.company.id), isNull(exhibitor.deletedAt), not(exhibitorScope(p))))
        .limit(1);
      if (elsewhere) throw new AppError(ErrorCode.Forbidden, {}, [{ field: 'company', message: 'company' }]);
    }
    await tx.update(company).set(companyChange).where(eq(company.id, before.company.id));
  }
  if (body.categoryIds) await setExhibitorCategories(ctx, { id, exhibitionId: before.exhibitor.exhibitionId, hostId: before.hostId }, body.categoryIds);
  const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
  await writeOpLog(tx, actor, {
    action,
    targetType: 'exhibitor',
    targetId: id,
    hostId: before.hostId,
    before: { ...pick(before.exhibitor, Object.keys(values)), ...(Object.keys(companyChange).length ? { company: pick(before.company, Object.keys(companyChange)) } : {}), ...(body.categoryIds ? { categoryIds: beforeCats.map((c) => c.id) } : {}) },
    after: { ...values, ...(Object.keys(companyChange).length ? { company: companyChange } : {}), ...(body.categoryIds ? { categoryIds: [...new Set(body.categoryIds)] } : {}) },
  });
  if (own) await afterOwnerSave(ctx, { type: 'exhibitor', targetId: id, exhibitionId: before.exhibitor.exhibitionId, exhibitorId: id, title: before.company.name });
  return exhibitorDetails(tx, p, id);
}

/** Soft-deletes exhibitors the principal reaches: all of them or none (404 when one is out of reach). */
export async function deleteExhibitors(ctx: WriteContext, ids: string[]) {
  const { tx, principal: p, actor } = ctx;
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ exhibitor, hostId: exhibition.hostId, companyName: company.name })
    .from(exhibitor)
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(exhibitorScope(p), inArray(exhibitor.id, unique)));
  if (rows.length !== unique.length) throw notFound('exhibitor');
  await tx.update(exhibitor).set({ deletedAt: new Date() }).where(inArray(exhibitor.id, unique));
  // Its company's logins signed in to that exhibition lose their exhibitor at once.
  const logins = await tx.select({ userId: companyUser.userId }).from(companyUser).where(inArray(companyUser.companyId, rows.map((r) => r.exhibitor.companyId)));
  await principalsChanged(tx, { userIds: logins.map((l) => l.userId) });
  for (const r of rows)
    await writeOpLog(tx, actor, {
      action: 'exhibitor.delete',
      targetType: 'exhibitor',
      targetId: r.exhibitor.id,
      hostId: r.hostId,
      before: { exhibitionId: r.exhibitor.exhibitionId, companyId: r.exhibitor.companyId, companyName: r.companyName },
    });
  return rows.length;
}
