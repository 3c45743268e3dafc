import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  PRODUCT_CERTIFICATE_LIMIT,
  Role,
  certificateQuality as certificateQualitySchema,
  certificateQualityCreateBody,
  certificateQualityPatchBody,
  certificateQualityQuery,
  type CertificateQuality,
  type Page,
  type PageRequest,
  type ProductCertificate,
  type productCertificateCreateBody,
  type productCertificatePatchBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { registerAuditType, markDraft } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition, reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { pageOf } from '../../db/page.ts';
import { notFound } from '../../http/errors.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { limitError } from './service.ts';
import { certificateQuality, product, productCertificate } from './tables.ts';

type QRow = typeof certificateQuality.$inferSelect;
type Row = typeof productCertificate.$inferSelect;

/* ---- the host's certificate kinds ("certificate qualities") ---- */

const qualityResource: Resource<QRow, CertificateQuality> = {
  name: 'certificateQuality',
  table: certificateQuality,
  item: certificateQualitySchema,
  toItem: (r) => ({ id: r.id, exhibitionId: r.exhibitionId, name: r.name, nameEn: r.nameEn, showIndex: r.showIndex, createAt: r.createdAt.toISOString(), updateAt: r.updatedAt.toISOString() }),
  permissions: { read: 'certificateQuality.read', write: 'certificateQuality.manage' },
  scope: (p: UserPrincipal) => ofExhibition(p, certificateQuality.exhibitionId),
  unique: { certificate_quality_name_key: 'name' },
  query: { body: certificateQualityQuery, where: (q: z.infer<typeof certificateQualityQuery>) => [q.exhibitionId ? eq(certificateQuality.exhibitionId, q.exhibitionId) : undefined] },
  async clean(body: { name?: string; nameEn?: string | null }, deps) {
    const out = await checkText(deps, { name: body.name, nameEn: body.nameEn ?? undefined });
    return { ...body, ...(body.name !== undefined ? { name: out.name } : {}), ...(body.nameEn ? { nameEn: out.nameEn } : {}) };
  },
  create: {
    body: certificateQualityCreateBody,
    async values(body: z.infer<typeof certificateQualityCreateBody>, { tx, principal }) {
      await reachableExhibition(tx, principal, body.exhibitionId);
      return { exhibitionId: body.exhibitionId, name: body.name, nameEn: body.nameEn ?? null, showIndex: body.showIndex };
    },
  },
  update: { body: certificateQualityPatchBody },
};

export const certificateQualityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const byId = {
    feature: 'product' as const,
    featureExhibition: async (r: { query: unknown }) => {
      const [row] = await db.select({ e: certificateQuality.exhibitionId }).from(certificateQuality).where(and(eq(certificateQuality.id, (r.query as { id: string }).id), isNull(certificateQuality.deletedAt)));
      if (!row) throw notFound('certificateQuality');
      return row.e;
    },
  };
  mountResource(app, qualityResource, [
    { method: 'POST', url: '/api/v1/certificatequality/query', op: 'query', summary: 'The certificate kinds of the caller’s exhibitions (CE, ISO 9001 …), by showIndex', config: { feature: 'product' } },
    { method: 'POST', url: '/api/v1/certificatequality', op: 'create', summary: 'Add a certificate kind to an exhibition (host)', config: { feature: 'product' } },
    { method: 'PATCH', url: '/api/v1/certificatequality', op: 'update', summary: 'Rename or reorder a certificate kind', config: byId },
    { method: 'DELETE', url: '/api/v1/certificatequality', op: 'delete', summary: 'Delete a certificate kind (soft); certificates of that kind keep their pictures, without a kind', config: byId },
  ]);
};

/* ---- the exhibitor's certificates, audited ---- */

const qualityName = (tx: Executor, id: string | null) =>
  id ? tx.select({ name: certificateQuality.name }).from(certificateQuality).where(eq(certificateQuality.id, id)).then((r) => r[0]?.name ?? null) : Promise.resolve(null);

registerAuditType({
  type: 'productCertificate',
  table: productCertificate,
  stateColumn: productCertificate.auditState,
  reasonColumn: productCertificate.auditReason,
  submitAtColumn: productCertificate.submitAt,
  auditAtColumn: productCertificate.auditAt,
  exhibitionIdColumn: productCertificate.exhibitionId,
  exhibitorIdColumn: productCertificate.exhibitorId,
  title: (row: Row) => row.name,
  snapshot: (row: Row) => ({ name: row.name, issuer: row.issuer, validUntil: row.validUntil, pictures: row.pictures }),
});

const toCertificate = (r: Row): ProductCertificate => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  qualityId: r.qualityId,
  name: r.name,
  issuer: r.issuer,
  validUntil: r.validUntil,
  pictures: r.pictures,
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** An exhibitor its own certificates, a host those of its exhibitions, the administrator all. */
const visible = (p: UserPrincipal) =>
  and(isNull(productCertificate.deletedAt), isNull(exhibitor.deletedAt), ofExhibitorInExhibition(p, productCertificate.exhibitorId, productCertificate.exhibitionId));
const base = (db: Executor) =>
  db.select({ c: productCertificate, hostId: exhibition.hostId }).from(productCertificate).innerJoin(exhibitor, eq(exhibitor.id, productCertificate.exhibitorId)).innerJoin(exhibition, eq(exhibition.id, productCertificate.exhibitionId));

export async function certificatePage(db: Executor, p: UserPrincipal, f: { exhibitionId?: string | undefined; exhibitorId?: string | undefined; auditState?: number | undefined }, q: PageRequest): Promise<Page<ProductCertificate>> {
  const where = and(
    visible(p),
    f.exhibitionId ? eq(productCertificate.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId ? eq(productCertificate.exhibitorId, f.exhibitorId) : undefined,
    f.auditState !== undefined ? eq(productCertificate.auditState, f.auditState) : undefined,
  );
  const counted = db.select({ total: count() }).from(productCertificate).innerJoin(exhibitor, eq(exhibitor.id, productCertificate.exhibitorId)).where(where);
  return pageOf(counted, base(db).where(where).orderBy(desc(productCertificate.createdAt), asc(productCertificate.id)), q, (r) => toCertificate(r.c));
}

async function load(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await base(db).where(and(visible(p), eq(productCertificate.id, id))).limit(1);
  if (!row) throw notFound('productCertificate');
  return row;
}
export const findCertificate = async (db: Executor, p: UserPrincipal, id: string) => toCertificate((await load(db, p, id)).c);

export async function exhibitionOfCertificate(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: productCertificate.exhibitionId }).from(productCertificate).where(and(eq(productCertificate.id, id), isNull(productCertificate.deletedAt)));
  if (!row) throw notFound('productCertificate');
  return row.e;
}

async function checkQuality(tx: Executor, exhibitionId: string, qualityId: string | null | undefined) {
  if (!qualityId) return;
  const [q] = await tx.select({ id: certificateQuality.id }).from(certificateQuality).where(and(eq(certificateQuality.id, qualityId), eq(certificateQuality.exhibitionId, exhibitionId), isNull(certificateQuality.deletedAt)));
  if (!q) throw notFound('certificateQuality');
}

/** Adds a certificate: the exhibitor's is submitted for the host's audit, the host's (for `exhibitorId`) is final. */
export async function createCertificate(ctx: WriteContext, body: z.output<typeof productCertificateCreateBody>): Promise<ProductCertificate> {
  const { tx, principal: p, actor } = ctx;
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  const exhibitionId = target.exhibitor.exhibitionId;
  await checkQuality(tx, exhibitionId, body.qualityId);
  await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(productCertificate).where(and(eq(productCertificate.exhibitorId, target.exhibitor.id), isNull(productCertificate.deletedAt)));
  if (n >= PRODUCT_CERTIFICATE_LIMIT) throw limitError(ErrorCode.ProductCertificateLimit, 'name', PRODUCT_CERTIFICATE_LIMIT);
  const [row] = await tx
    .insert(productCertificate)
    .values({ exhibitorId: target.exhibitor.id, exhibitionId, qualityId: body.qualityId ?? null, name: body.name, issuer: body.issuer || null, validUntil: body.validUntil ?? null, pictures: body.pictures })
    .returning();
  await writeOpLog(tx, actor, { action: 'productCertificate.create', targetType: 'productCertificate', targetId: row!.id, hostId: target.hostId, after: row });
  const kind = await qualityName(tx, row!.qualityId);
  await afterOwnerSave(ctx, { type: 'productCertificate', targetId: row!.id, exhibitionId, exhibitorId: row!.exhibitorId, title: kind ? `${row!.name} · ${kind}` : row!.name });
  return findCertificate(tx, p, row!.id);
}

/** Changes the fields sent; the exhibitor's change goes back to the host's audit and leaves the products that carried it. */
export async function updateCertificate(ctx: WriteContext, id: string, body: z.output<typeof productCertificatePatchBody>): Promise<ProductCertificate> {
  const { tx, principal: p, actor } = ctx;
  const { c: before, hostId } = await load(tx, p, id);
  await checkQuality(tx, before.exhibitionId, body.qualityId);
  const values: Partial<typeof productCertificate.$inferInsert> = {};
  if (body.qualityId !== undefined) values.qualityId = body.qualityId ?? null;
  if (body.name !== undefined) values.name = body.name;
  if (body.issuer !== undefined) values.issuer = body.issuer || null;
  if (body.validUntil !== undefined) values.validUntil = body.validUntil ?? null;
  if (body.pictures !== undefined) values.pictures = body.pictures;
  if (!Object.keys(values).length) return toCertificate(before);
  const [row] = await tx.update(productCertificate).set(values).where(eq(productCertificate.id, id)).returning();
  await writeOpLog(tx, actor, { action: 'productCertificate.update', targetType: 'productCertificate', targetId: id, hostId, before, after: values });
  await afterOwnerSave(ctx, { type: 'productCertificate', targetId: id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: row!.name });
  if (p.role === Role.Exhibitor) await unlinkCertificate(tx, row!.exhibitorId, id);
  return findCertificate(tx, p, id);
}

export async function deleteCertificate(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const { c: before, hostId } = await load(tx, p, id);
  if (before.auditState === AuditState.Pending) await markDraft(tx, 'productCertificate', id);
  await tx.update(productCertificate).set({ deletedAt: new Date() }).where(eq(productCertificate.id, id));
  await unlinkCertificate(tx, before.exhibitorId, id);
  await writeOpLog(tx, actor, { action: 'productCertificate.delete', targetType: 'productCertificate', targetId: id, hostId, before });
}

/** A certificate no longer approved leaves its products (and an authentication resting on it alone goes). */
async function unlinkCertificate(tx: Executor, exhibitorId: string, id: string) {
  const carrying = await tx.select({ id: product.id, ids: product.certificateIds }).from(product).where(and(eq(product.exhibitorId, exhibitorId), isNull(product.deletedAt)));
  for (const row of carrying.filter((r) => r.ids.includes(id))) {
    const ids = row.ids.filter((x) => x !== id);
    await tx.update(product).set({ certificateIds: ids, ...(ids.length ? {} : { authenticatedAt: null, authenticatedBy: null }) }).where(eq(product.id, row.id));
  }
}
