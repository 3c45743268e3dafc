import { eq, ilike } from 'drizzle-orm';
import {
  MAX_PRODUCT_CATEGORY_LEVEL,
  ok as okSchema,
  productCatalogCopyBody,
  productCatalogCopyResult,
  productCategory as productCategorySchema,
  productCategoryCreateBody,
  productCategoryPatchBody,
  productCategoryQuery,
  type ProductCategory,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { categoryItem, levelUnder, refuseWithChildren, underParent, type CategoryTree } from '../../db/tree.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { containing } from '../../db/like.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { ok } from '../../http/reply.ts';
import { inTransaction } from '../../core/write.ts';
import { copyCatalog } from './copy.ts';
import { productCategoryScope } from './scope.ts';
import { product, productCategory } from './tables.ts';

type Row = typeof productCategory.$inferSelect;

const tree: CategoryTree = { table: productCategory, name: 'productCategory', maxLevel: MAX_PRODUCT_CATEGORY_LEVEL, id: productCategory.id, exhibitionId: productCategory.exhibitionId, parentId: productCategory.parentId, level: productCategory.level, deletedAt: productCategory.deletedAt };
const toItem = (r: Row): ProductCategory => categoryItem(r);

/** The host's product categories: a tree of two levels per exhibition, described once and mounted on the shared handlers. */
const resource: Resource<Row, ProductCategory> = {
  name: 'productCategory',
  table: productCategory,
  item: productCategorySchema,
  toItem,
  permissions: { read: 'productCategory.read', write: 'productCategory.manage' },
  scope: productCategoryScope,
  unique: { product_category_name_key: 'name' },
  query: {
    body: productCategoryQuery,
    where: (q: z.infer<typeof productCategoryQuery>) => [
      q.exhibitionId ? eq(productCategory.exhibitionId, q.exhibitionId) : undefined,
      underParent(productCategory.parentId, q.parentId),
      q.level ? eq(productCategory.level, q.level) : undefined,
      q.name ? ilike(productCategory.name, containing(q.name)) : undefined,
    ],
  },
  create: {
    body: productCategoryCreateBody,
    async values(body: z.infer<typeof productCategoryCreateBody>, { tx, principal }) {
      // Another host's exhibition is not found (404), as everywhere.
      await reachableExhibition(tx, principal, body.exhibitionId);
      const level = await levelUnder(tx, tree, body.exhibitionId, body.parentId);
      return { exhibitionId: body.exhibitionId, parentId: body.parentId ?? null, name: body.name, nameEn: body.nameEn ?? null, showIndex: body.showIndex, level };
    },
  },
  update: { body: productCategoryPatchBody },
  /** Refused while it has children; its products lose the category in the same transaction. */
  async beforeDelete(row, { tx }) {
    await refuseWithChildren(tx, tree, row.id);
    await tx.update(product).set({ categoryId: null }).where(eq(product.categoryId, row.id));
  },
};

export const productCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v3/productcategory/copy',
    {
      config: { permission: 'productCategory.manage', feature: 'product', featureExhibition: (r) => (r.body as { toExhibitionId?: string } | undefined)?.toExhibitionId ?? null },
      schema: {
        summary:
          'Copy the product categories and tags (both two-level trees, parent links kept) of a past exhibition into another exhibition of the same host (4033 across hosts), in one transaction; a name already under the same parent is skipped. `dryRun: true` only counts',
        tags: ['productCategory'],
        body: productCatalogCopyBody,
        response: { 200: okSchema(productCatalogCopyResult) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => copyCatalog(ctx, request.body))),
  );
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v3/productcategory/query', op: 'query', summary: 'Product categories of the caller’s exhibitions (an exhibitor: its own exhibition’s), flat, by showIndex; parentId null for the roots' },
    { method: 'POST', url: '/api/v3/productcategory', op: 'create', summary: 'Create a product category of an exhibition (level from the parent, at most 2)' },
    { method: 'PATCH', url: '/api/v3/productcategory', op: 'update', summary: 'Rename or reorder a product category' },
    { method: 'DELETE', url: '/api/v3/productcategory', op: 'delete', summary: 'Delete a product category (soft); refused with 4020 while it has children; its products keep no category' },
  ]);
};
