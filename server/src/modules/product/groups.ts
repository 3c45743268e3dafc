import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { ErrorCode, PRODUCT_GROUP_LIMIT, productGroup as productGroupSchema, productGroupCreateBody, productGroupPatchBody, productGroupQuery, type ProductGroup } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfExhibitor, exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { productGroupScope } from './scope.ts';
import { limitError } from './service.ts';
import { product, productGroup } from './tables.ts';

type Row = typeof productGroup.$inferSelect;

const toItem = (r: Row): ProductGroup => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  name: r.name,
  nameEn: r.nameEn,
  showIndex: r.showIndex,
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** The exhibition of a live group (for the feature gate); 404 when there is none. */
export async function exhibitionOfGroup(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: productGroup.exhibitionId }).from(productGroup).where(and(eq(productGroup.id, id), isNull(productGroup.deletedAt)));
  if (!row) throw notFound('productGroup');
  return row.exhibitionId;
}

/** The exhibitor's own named groups of its products (docs/products.md "Catalogue"), on the shared resource handlers. */
const resource: Resource<Row, ProductGroup> = {
  name: 'productGroup',
  table: productGroup,
  item: productGroupSchema,
  toItem,
  permissions: { read: 'productGroup.read', write: 'productGroup.write' },
  scope: productGroupScope,
  unique: { product_group_name_key: 'name' },
  query: {
    body: productGroupQuery,
    where: (q: z.infer<typeof productGroupQuery>) => [
      q.exhibitionId ? eq(productGroup.exhibitionId, q.exhibitionId) : undefined,
      q.exhibitorId ? eq(productGroup.exhibitorId, q.exhibitorId) : undefined,
    ],
    orderBy: [asc(productGroup.showIndex), asc(productGroup.createdAt)],
  },
  async clean(body: { name?: string; nameEn?: string | null }, deps) {
    const names = await checkText(deps, { name: body.name, nameEn: body.nameEn ?? undefined });
    return { ...body, ...(body.name !== undefined ? { name: names.name } : {}), ...(body.nameEn ? { nameEn: names.nameEn } : {}) };
  },
  create: {
    body: productGroupCreateBody,
    async values(body: z.infer<typeof productGroupCreateBody>, { tx, principal }) {
      const target = await loadExhibitor(tx, principal, exhibitorIdFor(principal, body.exhibitorId));
      // Serialises concurrent creates of one exhibitor, so two cannot both pass the limit.
      await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(productGroup).where(and(eq(productGroup.exhibitorId, target.exhibitor.id), isNull(productGroup.deletedAt)));
      if (n >= PRODUCT_GROUP_LIMIT) throw limitError(ErrorCode.ProductGroupLimit, 'name', PRODUCT_GROUP_LIMIT);
      return { exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId, name: body.name, nameEn: body.nameEn ?? null, showIndex: body.showIndex };
    },
  },
  update: { body: productGroupPatchBody },
  /** Its products are un-grouped in the same transaction (the row is soft-deleted, so the foreign key's `set null` does not fire). */
  async beforeDelete(row, { tx }) {
    await tx.update(product).set({ groupId: null }).where(eq(product.groupId, row.id));
  },
};

export const productGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const body = (r: FastifyRequest) => (r.body ?? {}) as { exhibitionId?: string; exhibitorId?: string };
  const byId = { feature: 'product' as const, featureExhibition: (r: FastifyRequest) => exhibitionOfGroup(db, (r.query as { id: string }).id) };
  mountResource(app, resource, [
    {
      method: 'POST',
      url: '/api/v1/productgroup/query',
      op: 'query',
      summary: 'Product groups by showIndex: the exhibitor’s own, a host’s exhibitions’ (filters exhibitionId, exhibitorId)',
      config: { feature: 'product', featureExhibition: (r) => body(r).exhibitionId ?? (body(r).exhibitorId ? exhibitionOfExhibitor(db, body(r).exhibitorId!) : exhibitionOfRequest(r)) },
    },
    {
      method: 'POST',
      url: '/api/v1/productgroup',
      op: 'create',
      summary: `Add a product group: the exhibitor’s own, or the host’s for exhibitorId; at most ${PRODUCT_GROUP_LIMIT} an exhibitor (4070)`,
      config: { feature: 'product', featureExhibition: (r) => exhibitionOfExhibitor(db, exhibitorIdFor(userOf(r), body(r).exhibitorId)) },
    },
    { method: 'PATCH', url: '/api/v1/productgroup', op: 'update', summary: 'Rename or reorder a product group', config: byId },
    { method: 'DELETE', url: '/api/v1/productgroup', op: 'delete', summary: 'Delete a product group (soft); its products stay, without a group', config: byId },
  ]);
};
