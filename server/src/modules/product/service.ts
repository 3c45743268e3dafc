import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  Role,
  type Page,
  type PageRequest,
  toPage,
  type Product,
  type ProductCreateBody,
  type ProductPageQuery,
  type ProductPatchBody,
  productFormFields,
  type ExhibitionSettings,
  type PublicProduct,
} from '@pavilion/contract';
import { markDraft, registerAuditType } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { productTag, region } from '../reference/tables.ts';
import { productOrder } from '../ranking/order.ts';
import { getExhibitionSettings, getExhibitorRankingRule } from '../settings/service.ts';
import type { VideoPolicy } from '../upload/video-policy.ts';
import { productRowScope, productScope } from './scope.ts';
import { publicExhibitorRows } from '../expo/scope.ts';
import { product, productCategory, productCertificate, productGroup } from './tables.ts';

type Row = typeof product.$inferSelect;

/** What the audit queue and the detail view show of a submitted product. */
const snapshotOf = (r: Row) => ({
  name: r.name,
  nameEn: r.nameEn,
  pictures: r.pictures,
  video: r.videoUrl,
  view3DUrl: r.view3dUrl,
  introduction: r.introduction,
  introductionEn: r.introductionEn,
});

registerAuditType({
  type: 'product',
  table: product,
  stateColumn: product.auditState,
  reasonColumn: product.auditReason,
  submitAtColumn: product.submitAt,
  auditAtColumn: product.auditAt,
  exhibitionIdColumn: product.exhibitionId,
  exhibitorIdColumn: product.exhibitorId,
  autoAudit: 'enabledAutoAuditProduct',
  title: (row: Row) => row.name,
  snapshot: snapshotOf,
  // An approval or a rejection changes what visitors see, so the exhibitor's count follows.
  onDecided: (tx, row: Row) => refreshProCount(tx, row.exhibitorId),
});

/** The spec's JSON strings (part 1 §3) and the same content unpacked. */
function packed(r: Row) {
  return {
    banner: JSON.stringify(r.pictures),
    video: r.videoUrl ? JSON.stringify({ url: r.videoUrl, cover: r.videoCover }) : '',
    introduction: JSON.stringify({ zh: r.introduction, en: r.introductionEn }),
  };
}

type Owner = { compId: string; companyName: string };

/** What a visitor sees of a product; the back office's item adds the rest to it. */
const toPublicProduct = (r: Row, who: Owner): PublicProduct => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  compId: who.compId,
  companyName: who.companyName,
  name: r.name,
  nameEn: r.nameEn,
  categoryId: r.categoryId,
  ...packed(r),
  view3DUrl: r.view3dUrl,
  styleId: r.styleId,
});

const toProduct = (r: Row, who: Owner): Product => ({
  ...toPublicProduct(r, who),
  groupId: r.groupId,
  originCountryId: r.originCountryId,
  certificateIds: r.certificateIds,
  authenticatedAt: r.authenticatedAt?.toISOString() ?? null,
  tagIds: r.tagIds,
  pictures: r.pictures,
  videoUrl: r.videoUrl,
  videoCover: r.videoCover,
  introductionZh: r.introduction,
  introductionEn: r.introductionEn,
  isShow: r.isShow,
  showIndex: r.showIndex,
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

const selection = { product, compId: company.id, companyName: company.name, hostId: exhibition.hostId };
type ListRow = { product: Row } & Owner;
const base = (db: Executor) =>
  db
    .select(selection)
    .from(product)
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, product.exhibitionId));

/**
 * One page of a product list in three steps, as the exhibitor list (docs/performance.md "Lists at
 * scale"): `where` reads the product row alone (product_exhibition_list_idx), the count is an
 * index-only scan with no join, the page's ids are picked in index order, then only those rows are
 * joined with their exhibitor, company and exhibition. The company is not joined for the count: a
 * company that still exhibits cannot be deleted (4020), so a live exhibitor has a live company.
 */
async function productListPage<T>(db: Executor, where: SQL, orderBy: SQL[], q: PageRequest, toItem: (r: ListRow) => T): Promise<Page<T>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(product).where(where);
  if (!total) return toPage([], total, q);
  const ids = db
    .select({ id: product.id })
    .from(product)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const rows = await base(db)
    .where(inArray(product.id, ids))
    .orderBy(...orderBy);
  return toPage(rows.map(toItem), total, q);
}

/** A host never sees an exhibitor's draft (part 1 §9: the host's product listing filters audit state -3). */
const notDraft = (p: UserPrincipal) => (p.role === Role.Exhibitor ? undefined : ne(product.auditState, AuditState.Draft));
const visible = (p: UserPrincipal) => and(productScope(p), notDraft(p));

/** The list's filters: the page query's, and `POST /api/v1/product/query`'s company and one product. */
export type ProductFilter = Omit<ProductPageQuery, 'pageIndex' | 'pageSize'> & { compId?: string | undefined; id?: string | undefined };

/** A category, or a root with its children. */
const inCategory = (categoryId: string) =>
  or(eq(product.categoryId, categoryId), sql`${product.categoryId} in (select ${productCategory.id} from ${productCategory} where ${productCategory.parentId} = ${categoryId} and ${productCategory.deletedAt} is null)`);

function conditions(f: ProductFilter): (SQL | undefined)[] {
  return [
    f.exhibitionId ? eq(product.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId ? eq(product.exhibitorId, f.exhibitorId) : undefined,
    f.compId ? sql`${product.exhibitorId} in (select ${exhibitor.id} from ${exhibitor} where ${exhibitor.companyId} = ${f.compId})` : undefined,
    f.id ? eq(product.id, f.id) : undefined,
    f.keyword ? or(ilike(product.name, containing(f.keyword)), ilike(product.nameEn, containing(f.keyword))) : undefined,
    f.categoryId ? inCategory(f.categoryId) : undefined,
    f.tagId ? sql`${product.tagIds} @> ${JSON.stringify([f.tagId])}::jsonb` : undefined,
    f.groupId ? eq(product.groupId, f.groupId) : undefined,
    f.auditState !== undefined ? eq(product.auditState, f.auditState) : undefined,
    f.isShow !== undefined ? eq(product.isShow, f.isShow) : undefined,
  ];
}

const order = [asc(product.showIndex), desc(product.createdAt), asc(product.id)];

export async function productPage(db: Executor, p: UserPrincipal, f: ProductFilter, q: PageRequest): Promise<Page<Product>> {
  // The deleted exhibitors to leave out: of the exhibition asked for, else of the exhibitor's own.
  const exhibitionId = f.exhibitionId ?? (p.role === Role.Exhibitor ? (p.exhibitionId ?? undefined) : undefined);
  const where = and(productRowScope(p, exhibitionId), notDraft(p), ...conditions(f))!;
  return productListPage(db, where, order, q, (r) => toProduct(r.product, r));
}

async function loadProduct(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await base(db).where(and(visible(p), eq(product.id, id))).limit(1);
  if (!row) throw notFound('product');
  return row;
}

export async function findProduct(db: Executor, p: UserPrincipal, id: string): Promise<Product> {
  const row = await loadProduct(db, p, id);
  return toProduct(row.product, row);
}

/** Shown, approved products of an exhibition's shown exhibitors, on the product row (product_exhibition_list_idx). */
export const publicProductRows = (exhibitionId: string) =>
  and(
    eq(product.exhibitionId, exhibitionId),
    isNull(product.deletedAt),
    eq(product.auditState, AuditState.Approved),
    eq(product.isShow, true),
    sql`${product.exhibitorId} in (select ${exhibitor.id} from ${exhibitor} where ${publicExhibitorRows(exhibitionId)})`,
  )!;

/** Shown, approved products of an exhibition's shown exhibitors: what the visitor site reads (no principal). */
export async function publicProductPage(db: Executor, exhibitionId: string, f: { categoryId?: string | undefined; exhibitorId?: string | undefined; keyword?: string | undefined }, q: PageRequest): Promise<Page<PublicProduct>> {
  const [exh] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw notFound('exhibition');
  const where = and(publicProductRows(exhibitionId), ...conditions(f))!;
  // The exhibition's product ranking (docs/ranking.md), cached with the settings.
  const { productRules } = await getExhibitorRankingRule(db, exhibitionId);
  return productListPage(db, where, productOrder(productRules), q, (r) => toPublicProduct(r.product, r));
}

/**
 * `exhibitor.pro_count`, the number visitors see (part 1 §3 `proCount`): the exhibitor's shown,
 * approved products. Recounted in the transaction of every change that can move it.
 */
export async function refreshProCount(tx: Executor, exhibitorId: string): Promise<void> {
  await tx
    .update(exhibitor)
    .set({
      proCount: sql`(select count(*)::int from ${product} where ${product.exhibitorId} = ${exhibitorId} and ${product.deletedAt} is null and ${product.isShow} and ${product.auditState} = ${AuditState.Approved})`,
    })
    .where(eq(exhibitor.id, exhibitorId));
}

/** A limit's refusal: the code with `{max}`, and the field it lands on. */
export const limitError = (code: ErrorCode, field: string, max: number) =>
  new AppError(code, { max }, undefined, undefined, [{ field, issue: code, params: { max: String(max) } }]);

/** The exhibition's limits (part 1 §5, §9) on what is being written. */
async function checkLimits(tx: Executor, exhibitionId: string, values: { pictures?: string[] | undefined; video?: unknown }) {
  const settings = await getExhibitionSettings(tx, exhibitionId);
  if (values.pictures && values.pictures.length > settings.productImageUploadNumber) throw limitError(ErrorCode.ProductPictureLimit, 'pictures', settings.productImageUploadNumber);
  if (values.video && !settings.enabledUploadProductVideo) throw new AppError(ErrorCode.ProductVideoDisabled, {}, undefined, undefined, [{ field: 'video', issue: ErrorCode.ProductVideoDisabled }]);
  return settings;
}

/**
 * Upload purpose `productVideo` (docs/video.md): refused before a byte arrives, and again when it
 * completes, while the exhibition (the exhibitor's own, or `exhibitionId` a host names) has product videos off.
 */
export const productVideoPolicy: VideoPolicy = async (db, principal, metadata) => {
  const exhibitionId = principal.role === Role.Exhibitor ? principal.exhibitionId : metadata.exhibitionId;
  if (!exhibitionId) throw fieldError('exhibitionId', 'required');
  if (principal.role !== Role.Exhibitor) await reachableExhibition(db, principal, exhibitionId);
  await checkLimits(db, exhibitionId, { video: true });
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim()) || (Array.isArray(v) && !v.length);

/**
 * The host's required fields (`productForm`, /live/index/basic/product) on an exhibitor's save: a
 * create must fill them, a change may not empty them. A draft may stay incomplete; a host's save is
 * not held to them (it completes what the exhibitor left).
 */
function checkRequired(p: UserPrincipal, settings: ExhibitionSettings, body: Partial<Content> & { draft?: boolean }, creating: boolean) {
  if (p.role !== Role.Exhibitor || body.draft) return;
  for (const field of productFormFields) {
    if (settings.productForm[field] !== 'required') continue;
    if ((creating || body[field] !== undefined) && blank(body[field])) throw fieldError(field, 'required');
  }
}

/** A product's group must be a live group of the product's exhibitor. */
export async function checkGroup(tx: Executor, exhibitorId: string, groupId: string | null | undefined) {
  if (!groupId) return;
  const [row] = await tx.select({ id: productGroup.id }).from(productGroup).where(and(eq(productGroup.id, groupId), eq(productGroup.exhibitorId, exhibitorId), isNull(productGroup.deletedAt)));
  if (!row) throw notFound('productGroup');
}

/** A product's certificates must be approved, live certificates of its exhibitor. */
async function checkCertificates(tx: Executor, exhibitorId: string, ids: string[] | undefined) {
  const wanted = [...new Set(ids ?? [])];
  if (!wanted.length) return;
  const found = await tx
    .select({ id: productCertificate.id })
    .from(productCertificate)
    .where(and(inArray(productCertificate.id, wanted), eq(productCertificate.exhibitorId, exhibitorId), eq(productCertificate.auditState, AuditState.Approved), isNull(productCertificate.deletedAt)));
  if (found.length !== wanted.length) throw fieldError('certificateIds', 'invalid');
}

/**
 * A category must be a live one of the product's exhibition; tags live product tags of it; the group
 * one of the exhibitor's own; the origin a country of the directory.
 */
async function checkReferences(
  tx: Executor,
  exhibitionId: string,
  exhibitorId: string,
  body: { categoryId?: string | null | undefined; tagIds?: string[] | undefined; groupId?: string | null | undefined; originCountryId?: string | null | undefined; certificateIds?: string[] | undefined },
) {
  await checkGroup(tx, exhibitorId, body.groupId);
  await checkCertificates(tx, exhibitorId, body.certificateIds);
  if (body.originCountryId) {
    // The directory keeps Chinese Mainland as a top-level row (with its flag), beside the countries.
    const [c] = await tx
      .select({ id: region.id })
      .from(region)
      .where(and(eq(region.id, body.originCountryId), or(eq(region.kind, 'country'), and(eq(region.kind, 'top'), sql`${region.param} is not null`)), isNull(region.deletedAt)));
    if (!c) throw notFound('country');
  }
  if (body.categoryId) {
    const [cat] = await tx
      .select({ id: productCategory.id })
      .from(productCategory)
      .where(and(eq(productCategory.id, body.categoryId), eq(productCategory.exhibitionId, exhibitionId), isNull(productCategory.deletedAt)));
    if (!cat) throw notFound('productCategory');
  }
  const tags = [...new Set(body.tagIds ?? [])];
  if (tags.length) {
    const found = await tx
      .select({ id: productTag.id })
      .from(productTag)
      .where(and(inArray(productTag.id, tags), eq(productTag.exhibitionId, exhibitionId), isNull(productTag.deletedAt)));
    if (found.length !== tags.length) throw notFound('productTag');
  }
}

type Content = Omit<ProductCreateBody, 'exhibitorId' | 'draft'>;
/** The columns a body sets (only the fields sent). */
function columnsOf(body: Partial<Content>): Partial<typeof product.$inferInsert> {
  const out: Partial<typeof product.$inferInsert> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.nameEn !== undefined) out.nameEn = body.nameEn || null;
  if (body.categoryId !== undefined) out.categoryId = body.categoryId ?? null;
  if (body.groupId !== undefined) out.groupId = body.groupId ?? null;
  if (body.originCountryId !== undefined) out.originCountryId = body.originCountryId ?? null;
  if (body.certificateIds !== undefined) out.certificateIds = [...new Set(body.certificateIds)];
  if (body.tagIds !== undefined) out.tagIds = [...new Set(body.tagIds)];
  if (body.pictures !== undefined) out.pictures = body.pictures;
  if (body.video !== undefined) {
    out.videoUrl = body.video?.url ?? null;
    out.videoCover = body.video?.cover || null;
  }
  if (body.introductionZh !== undefined) out.introduction = body.introductionZh;
  if (body.introductionEn !== undefined) out.introductionEn = body.introductionEn;
  if (body.view3DUrl !== undefined) out.view3dUrl = body.view3DUrl || null;
  if (body.styleId !== undefined) out.styleId = body.styleId || null;
  if (body.isShow !== undefined) out.isShow = body.isShow;
  if (body.showIndex !== undefined) out.showIndex = body.showIndex;
  return out;
}

/**
 * Adds a product: the exhibitor's own, or the host's for one of its exhibitors. Within the
 * exhibition's limits (pictures, video, products per exhibitor); the exhibitor's is submitted for
 * the host's audit (or kept as a draft), the host's is final.
 */
export async function createProduct(ctx: WriteContext, body: ProductCreateBody): Promise<Product> {
  const { tx, principal: p, actor } = ctx;
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  const exhibitionId = target.exhibitor.exhibitionId;
  const settings = await checkLimits(tx, exhibitionId, body);
  checkRequired(p, settings, body, true);
  await checkReferences(tx, exhibitionId, target.exhibitor.id, body);
  // Serialises concurrent creates of one exhibitor, so two requests cannot both pass the quota.
  await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(product).where(and(eq(product.exhibitorId, target.exhibitor.id), isNull(product.deletedAt)));
  if (n >= settings.exhibitorsLoadProductNumber) throw limitError(ErrorCode.ProductLimit, 'exhibitorId', settings.exhibitorsLoadProductNumber);
  const content = columnsOf(body);
  const [row] = await tx
    .insert(product)
    .values({ ...content, name: body.name, exhibitorId: target.exhibitor.id, exhibitionId })
    .returning();
  await writeOpLog(tx, actor, { action: 'product.create', targetType: 'product', targetId: row!.id, hostId: target.hostId, after: snapshotOf(row!) });
  await afterOwnerSave(ctx, { type: 'product', targetId: row!.id, exhibitionId, exhibitorId: row!.exhibitorId, title: row!.name, draft: body.draft });
  await refreshProCount(tx, row!.exhibitorId);
  return findProduct(tx, p, row!.id);
}

/** Changes the fields sent; the exhibitor's change goes back to the host's audit (or to draft), the host's is final. */
export async function updateProduct(ctx: WriteContext, id: string, body: ProductPatchBody): Promise<Product> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadProduct(tx, p, id);
  const before = existing.product;
  checkRequired(p, await checkLimits(tx, before.exhibitionId, body), body, false);
  await checkReferences(tx, before.exhibitionId, before.exhibitorId, body);
  const content = columnsOf(body);
  const changed = Object.keys(content) as (keyof Row)[];
  // Nothing to change and no withdrawal to draft: the product keeps its audit state.
  if (!changed.length && !body.draft) return toProduct(before, existing);
  const [row] = changed.length ? await tx.update(product).set(content).where(eq(product.id, id)).returning() : [before];
  await writeOpLog(tx, actor, {
    action: 'product.update',
    targetType: 'product',
    targetId: id,
    hostId: existing.hostId,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: content,
  });
  await afterOwnerSave(ctx, { type: 'product', targetId: id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: row!.name, draft: body.draft });
  await refreshProCount(tx, row!.exhibitorId);
  return findProduct(tx, p, id);
}

/** Deletes a product (soft); a pending one leaves the host's queue. */
export async function deleteProduct(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadProduct(tx, p, id);
  if (existing.product.auditState === AuditState.Pending) await markDraft(tx, 'product', id);
  await tx.update(product).set({ deletedAt: new Date() }).where(eq(product.id, id));
  await writeOpLog(tx, actor, { action: 'product.delete', targetType: 'product', targetId: id, hostId: existing.hostId, before: snapshotOf(existing.product) });
  await refreshProCount(tx, existing.product.exhibitorId);
}

/** Shows or hides a product on the visitor site; not a content change, so no new audit. */
export async function showProduct(ctx: WriteContext, id: string, isShow: boolean): Promise<Product> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadProduct(tx, p, id);
  await tx.update(product).set({ isShow }).where(eq(product.id, id));
  await writeOpLog(tx, actor, { action: isShow ? 'product.show' : 'product.hide', targetType: 'product', targetId: id, hostId: existing.hostId, before: { isShow: existing.product.isShow }, after: { isShow } });
  await refreshProCount(tx, existing.product.exhibitorId);
  return findProduct(tx, p, id);
}

/**
 * Shows or hides several products at once, all or none: an id the caller does not reach (another
 * tenant's, a draft a host cannot see, a deleted one) is a 404 for the whole request.
 */
export async function showProducts(ctx: WriteContext, ids: readonly string[], isShow: boolean): Promise<number> {
  const { tx, principal: p, actor } = ctx;
  const unique = [...new Set(ids)];
  const rows = await base(tx).where(and(visible(p), inArray(product.id, unique)));
  if (rows.length !== unique.length) throw notFound('product');
  await tx.update(product).set({ isShow }).where(inArray(product.id, unique));
  for (const r of rows) {
    await writeOpLog(tx, actor, { action: isShow ? 'product.show' : 'product.hide', targetType: 'product', targetId: r.product.id, hostId: r.hostId, before: { isShow: r.product.isShow }, after: { isShow } });
  }
  for (const exhibitorId of new Set(rows.map((r) => r.product.exhibitorId))) await refreshProCount(tx, exhibitorId);
  return unique.length;
}

/** The products of `ids` the principal reaches must all exist (404 otherwise): the bulk audit's tenancy check. */
export async function checkReachableProducts(tx: Executor, p: UserPrincipal, ids: readonly string[]): Promise<void> {
  const rows = await base(tx).where(and(visible(p), inArray(product.id, [...ids])));
  if (rows.length !== new Set(ids).size) throw notFound('product');
}

/**
 * The host marks a product checked against its certificates ("product authentication"), or takes the
 * mark back; a product without an approved certificate cannot be marked (4076).
 */
export async function authenticateProduct(ctx: WriteContext, id: string, authenticated: boolean): Promise<Product> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadProduct(tx, p, id);
  if (authenticated && !existing.product.certificateIds.length) throw new AppError(ErrorCode.ProductNotCertified, {}, undefined, undefined, [{ field: 'id', issue: ErrorCode.ProductNotCertified }]);
  const values = authenticated ? { authenticatedAt: new Date(), authenticatedBy: p.userId } : { authenticatedAt: null, authenticatedBy: null };
  await tx.update(product).set(values).where(eq(product.id, id));
  await writeOpLog(tx, actor, { action: authenticated ? 'product.authenticate' : 'product.unauthenticate', targetType: 'product', targetId: id, hostId: existing.hostId, before: { authenticatedAt: existing.product.authenticatedAt }, after: values });
  return findProduct(tx, p, id);
}

/** The exhibition a live product belongs to (for the feature gate); a product that does not exist is a 404. */
export async function exhibitionOfProduct(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: product.exhibitionId }).from(product).where(and(eq(product.id, id), isNull(product.deletedAt)));
  if (!row) throw notFound('product');
  return row.exhibitionId;
}

/** What the GraphQL preview shows of a product. */
export type PreviewProduct = Pick<Row, 'id' | 'exhibitorId' | 'name' | 'nameEn' | 'pictures' | 'view3dUrl'>;

/**
 * The first PREVIEW products (shown, approved) of each exhibitor, in one query however many
 * exhibitors: the GraphQL preview's batch. The window ranks the exhibitors' products (over
 * product_exhibitor_idx) and carries the few columns the preview shows, so no row is read twice.
 */
export async function previewProducts(db: Executor, exhibitorIds: readonly string[], perExhibitor: number): Promise<Map<string, PreviewProduct[]>> {
  const out = new Map<string, PreviewProduct[]>(exhibitorIds.map((id) => [id, []]));
  if (!exhibitorIds.length) return out;
  const ranked = db
    .select({
      id: product.id,
      exhibitorId: product.exhibitorId,
      name: product.name,
      nameEn: product.nameEn,
      pictures: product.pictures,
      view3dUrl: product.view3dUrl,
      rank: sql<number>`row_number() over (partition by ${product.exhibitorId} order by ${product.showIndex}, ${product.createdAt} desc, ${product.id})`.as('rank'),
    })
    .from(product)
    .where(and(inArray(product.exhibitorId, [...exhibitorIds]), isNull(product.deletedAt), eq(product.isShow, true), eq(product.auditState, AuditState.Approved)))
    .as('ranked');
  const rows = await db
    .select({ id: ranked.id, exhibitorId: ranked.exhibitorId, name: ranked.name, nameEn: ranked.nameEn, pictures: ranked.pictures, view3dUrl: ranked.view3dUrl })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perExhibitor}`)
    .orderBy(asc(ranked.exhibitorId), asc(ranked.rank));
  for (const r of rows) out.get(r.exhibitorId)?.push(r);
  return out;
}

