import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { AuditState, ErrorCode, Role, toPage, type ExpoFeatured, type FocusApplication, type FocusApplyBody, type FocusQuery, type Page, type PageRequest } from '@pavilion/contract';
import { decide, markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicExhibitors, publicProducts } from '../expo/scope.ts';
import { toDirectoryItem } from '../expo/service.ts';
import { product } from '../product/tables.ts';
import { focusScope } from './scope.ts';
import { focusApplication } from './tables.ts';

type FocusRow = typeof focusApplication.$inferSelect;

/** What the host's queue shows of an application. */
const snapshotOf = (r: FocusRow, productName: string | null) => ({
  target: r.productId ? 'product' : 'exhibitor',
  productName,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  reason: r.reason,
});

registerAuditType({
  type: 'focus',
  table: focusApplication,
  stateColumn: focusApplication.auditState,
  reasonColumn: focusApplication.auditReason,
  submitAtColumn: focusApplication.submitAt,
  auditAtColumn: focusApplication.auditAt,
  exhibitionIdColumn: focusApplication.exhibitionId,
  exhibitorIdColumn: focusApplication.exhibitorId,
  title: async (row: FocusRow, tx) => {
    const [r] = await tx
      .select({ companyName: company.name })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(eq(exhibitor.id, row.exhibitorId));
    return r?.companyName ?? null;
  },
  snapshot: (row: FocusRow) => snapshotOf(row, null),
});

const rowsOf = (db: Executor) =>
  db
    .select({ f: focusApplication, companyName: company.name, productName: product.name })
    .from(focusApplication)
    .innerJoin(exhibitor, eq(exhibitor.id, focusApplication.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(product, eq(product.id, focusApplication.productId));

const toApplication = ({ f, companyName, productName }: { f: FocusRow; companyName: string; productName: string | null }): FocusApplication => ({
  id: f.id,
  exhibitionId: f.exhibitionId,
  exhibitorId: f.exhibitorId,
  companyName,
  productId: f.productId,
  productName,
  reason: f.reason,
  startAt: f.startAt.toISOString(),
  endAt: f.endAt.toISOString(),
  sort: f.sort,
  ...auditedOf(f),
  createAt: f.createdAt.toISOString(),
});

async function reachable(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await rowsOf(db)
    .where(and(focusScope(p), eq(focusApplication.id, id)))
    .limit(1);
  if (!row) throw notFound('focusApplication');
  const [exh] = await db.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, row.f.exhibitionId));
  return { ...row, hostId: exh!.hostId };
}

export async function findFocus(db: Executor, p: UserPrincipal, id: string): Promise<FocusApplication> {
  return toApplication(await reachable(db, p, id));
}

/** The exhibition of an application (for the feature gate); an unknown one answers as the route's read (404). */
export async function exhibitionOfFocus(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: focusApplication.exhibitionId }).from(focusApplication).where(and(eq(focusApplication.id, id), isNull(focusApplication.deletedAt)));
  if (!row) throw notFound('focusApplication');
  return row.exhibitionId;
}

/** The exhibitor applies for itself or one of its own approved products (400 naming productId for an unapproved one). */
export async function applyFocus(ctx: WriteContext, body: FocusApplyBody): Promise<FocusApplication> {
  const { tx, principal: p, actor } = ctx;
  if (p.role !== Role.Exhibitor || !p.exhibitorId || !p.exhibitionId) throw notFound('exhibitor');
  const [own] = await tx
    .select({ companyName: company.name, hostId: exhibition.hostId })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .where(and(eq(exhibitor.id, p.exhibitorId), isNull(exhibitor.deletedAt)));
  if (!own) throw notFound('exhibitor');
  let productName: string | null = null;
  if (body.productId) {
    const [pr] = await tx
      .select({ name: product.name, auditState: product.auditState })
      .from(product)
      .where(and(eq(product.id, body.productId), eq(product.exhibitorId, p.exhibitorId), isNull(product.deletedAt)));
    // Another exhibitor's product is not found; its own not (yet) approved one cannot be featured.
    if (!pr) throw notFound('product');
    if (pr.auditState !== AuditState.Approved) throw fieldError('productId', 'invalid');
    productName = pr.name;
  }
  const [row] = await tx
    .insert(focusApplication)
    .values({ exhibitionId: p.exhibitionId, exhibitorId: p.exhibitorId, productId: body.productId ?? null, reason: body.reason ?? '', startAt: new Date(body.startAt), endAt: new Date(body.endAt) })
    .returning();
  const snapshot = snapshotOf(row!, productName);
  await writeOpLog(tx, actor, { action: 'focus.create', targetType: 'focus', targetId: row!.id, hostId: own.hostId, after: snapshot });
  await submitForAudit(tx, actor, { type: 'focus', targetId: row!.id, exhibitionId: p.exhibitionId, exhibitorId: p.exhibitorId, title: productName ? `${own.companyName} · ${productName}` : own.companyName, snapshot });
  return findFocus(tx, p, row!.id);
}

export async function focusPage(db: Executor, p: UserPrincipal, exhibitionId: string, f: Omit<FocusQuery, 'pageIndex' | 'pageSize' | 'exhibitionId'>, q: PageRequest): Promise<Page<FocusApplication>> {
  await reachableExhibition(db, p, exhibitionId);
  const where = and(
    focusScope(p),
    eq(focusApplication.exhibitionId, exhibitionId),
    f.exhibitorId ? eq(focusApplication.exhibitorId, f.exhibitorId) : undefined,
    f.productId ? eq(focusApplication.productId, f.productId) : undefined,
    f.target === 'product' ? isNotNull(focusApplication.productId) : f.target === 'exhibitor' ? isNull(focusApplication.productId) : undefined,
    f.auditState !== undefined ? eq(focusApplication.auditState, f.auditState) : sql`${focusApplication.auditState} <> ${AuditState.Draft}`,
    f.keyword ? or(ilike(company.name, containing(f.keyword)), ilike(product.name, containing(f.keyword))) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(focusApplication)
    .innerJoin(exhibitor, eq(exhibitor.id, focusApplication.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(product, eq(product.id, focusApplication.productId))
    .where(where);
  if (!total) return toPage([], 0, q);
  const rows = await rowsOf(db)
    .where(where)
    .orderBy(asc(focusApplication.auditState), asc(focusApplication.sort), desc(focusApplication.createdAt), desc(focusApplication.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toApplication), total, q);
}

export async function sortFocus(ctx: WriteContext, id: string, sort: number): Promise<FocusApplication> {
  const { tx, principal: p, actor } = ctx;
  const r = await reachable(tx, p, id);
  if (r.f.sort !== sort) {
    await tx.update(focusApplication).set({ sort }).where(eq(focusApplication.id, id));
    await writeOpLog(tx, actor, { action: 'focus.sort', targetType: 'focus', targetId: id, hostId: r.hostId, before: { sort: r.f.sort }, after: { sort } });
  }
  return findFocus(tx, p, id);
}

/** The exhibitor withdraws its pending application (409 4192 otherwise); the host revokes any (soft delete). */
export async function deleteFocus(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const r = await reachable(tx, p, id);
  if (p.role === Role.Exhibitor && r.f.auditState !== AuditState.Pending) throw new AppError(ErrorCode.FocusApplicationState);
  if (r.f.auditState === AuditState.Pending) await markDraft(tx, 'focus', id);
  await tx.update(focusApplication).set({ deletedAt: new Date() }).where(eq(focusApplication.id, id));
  await writeOpLog(tx, actor, { action: p.role === Role.Exhibitor ? 'focus.withdraw' : 'focus.revoke', targetType: 'focus', targetId: id, hostId: r.hostId, before: snapshotOf(r.f, r.productName) });
}

export async function auditFocus(ctx: WriteContext, ids: string[], approve: boolean, reason: string | null): Promise<FocusApplication[]> {
  const { tx, principal: p, actor } = ctx;
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: focusApplication.id })
    .from(focusApplication)
    .where(and(focusScope(p), inArray(focusApplication.id, unique)));
  if (rows.length !== unique.length) throw notFound('focusApplication');
  await decide(tx, actor, { type: 'focus', ids: unique, approve, reason });
  return (await rowsOf(tx).where(inArray(focusApplication.id, unique))).map(toApplication);
}

/** Featured now: approved, the window covering now, the exhibitor (and product) public; in the host's order. */
export async function expoFeatured(db: Executor, exhibitionId: string): Promise<ExpoFeatured> {
  const [exh] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw notFound('exhibition');
  const now = new Date();
  const live = and(
    eq(focusApplication.exhibitionId, exhibitionId),
    isNull(focusApplication.deletedAt),
    eq(focusApplication.auditState, AuditState.Approved),
    lte(focusApplication.startAt, now),
    gt(focusApplication.endAt, now),
  );
  const order = [asc(focusApplication.sort), asc(focusApplication.auditAt), asc(focusApplication.id)];
  const exhibitorRows = await db
    .select({ exhibitor, company })
    .from(focusApplication)
    .innerJoin(exhibitor, eq(exhibitor.id, focusApplication.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(live, isNull(focusApplication.productId), publicExhibitors(exhibitionId)))
    .orderBy(...order)
    .limit(24);
  const productRows = await db
    .select({ id: product.id, name: product.name, nameEn: product.nameEn, pictures: product.pictures, exhibitorId: exhibitor.id, companyName: company.name })
    .from(focusApplication)
    .innerJoin(product, eq(product.id, focusApplication.productId))
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(live, publicProducts(exhibitionId)))
    .orderBy(...order)
    .limit(24);
  // An exhibitor or product featured by two approved windows is shown once.
  const seen = new Set<string>();
  const once = <T extends { id: string }>(x: T) => !seen.has(x.id) && !!seen.add(x.id);
  return {
    exhibitors: exhibitorRows.map(toDirectoryItem).filter(once),
    products: productRows.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn, cover: r.pictures[0] ?? null, exhibitorId: r.exhibitorId, companyName: r.companyName })).filter(once),
  };
}
