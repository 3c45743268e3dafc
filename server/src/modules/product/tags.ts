import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { createProductTagBody, ErrorCode, productTag as productTagSchema, updateProductTagBody, type ProductTag } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { reachableExhibition } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { productTagScope } from '../reference/scope.ts';
import { productTag } from '../reference/tables.ts';
import { product } from './tables.ts';

type Row = typeof productTag.$inferSelect;

const toItem = (r: Row): ProductTag => ({ id: r.id, exhibitionId: r.exhibitionId, parentId: r.parentId, name: r.name, nameEn: r.nameEn, showIndex: r.showIndex, children: [] });

/** The exhibition of a live tag (for the feature gate); one that does not exist is a 404. */
async function exhibitionOfTag(db: Executor, id: string | undefined): Promise<string> {
  const [row] = id ? await db.select({ exhibitionId: productTag.exhibitionId }).from(productTag).where(and(eq(productTag.id, id), isNull(productTag.deletedAt))) : [];
  if (!row) throw notFound('productTag');
  return row.exhibitionId;
}

/**
 * The host's product tags: a tag and its children (two levels) per exhibition, on the shared
 * handlers like the categories. The read stays the spec's tree, `GET /api/v1/protag/getbyexhibitionid`.
 */
const resource: Resource<Row, ProductTag> = {
  name: 'productTag',
  table: productTag,
  item: productTagSchema,
  toItem,
  permissions: { read: 'productTag.read', write: 'productTag.manage' },
  scope: productTagScope,
  unique: { product_tag_exhibition_parent_name_key: 'name' },
  create: {
    body: createProductTagBody,
    async values(body: z.infer<typeof createProductTagBody>, { tx, principal }) {
      await reachableExhibition(tx, principal, body.exhibitionId);
      if (body.parentId) {
        const [parent] = await tx
          .select()
          .from(productTag)
          .where(and(eq(productTag.id, body.parentId), eq(productTag.exhibitionId, body.exhibitionId), isNull(productTag.deletedAt)));
        if (!parent) throw notFound('productTag');
        // Two levels: a child cannot take children.
        if (parent.parentId) throw fieldError('parentId', 'invalid');
      }
      return { exhibitionId: body.exhibitionId, parentId: body.parentId ?? null, name: body.name, nameEn: body.nameEn ?? null, showIndex: body.showIndex ?? 0 };
    },
  },
  update: { body: updateProductTagBody },
  /** Refused while it has children (4020); products drop the tag in the same transaction. */
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(productTag).where(and(eq(productTag.parentId, row.id), isNull(productTag.deletedAt)));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'productTag' });
    await tx
      .update(product)
      .set({ tagIds: sql`${product.tagIds} - ${row.id}::text` })
      .where(and(eq(product.exhibitionId, row.exhibitionId), sql`${product.tagIds} @> ${JSON.stringify([row.id])}::jsonb`));
  },
};

export const productTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const byId = { feature: 'product' as const, featureExhibition: (r: FastifyRequest) => exhibitionOfTag(db, (r.query as { id?: string }).id) };
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v1/protag', op: 'create', config: { feature: 'product' }, summary: 'Create a product tag of an exhibition: at the top, or under a top-level tag (`parentId`; two levels); a name is unique under its parent (409)' },
    { method: 'PATCH', url: '/api/v1/protag', op: 'update', config: byId, summary: 'Rename or reorder a product tag' },
    { method: 'DELETE', url: '/api/v1/protag', op: 'delete', config: byId, summary: 'Delete a product tag (soft); refused with 4020 while it has children; products lose the tag' },
  ]);
};
