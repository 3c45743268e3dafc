import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  activityCategory as activityCategorySchema,
  activityCategoryCreateBody,
  activityCategoryListQuery,
  activityCategoryPatchBody,
  MAX_ACTIVITY_CATEGORY_LEVEL,
  ok as okSchema,
  type ActivityCategory,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { categoryItem, levelUnder, refuseWithChildren, type CategoryTree } from '../../db/tree.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { checkText } from '../../sensitive/check.ts';
import { activityCategoryScope } from './scope.ts';
import { activity, activityCategory } from './tables.ts';

type Row = typeof activityCategory.$inferSelect;

const tree: CategoryTree = { table: activityCategory, name: 'activityCategory', maxLevel: MAX_ACTIVITY_CATEGORY_LEVEL, id: activityCategory.id, exhibitionId: activityCategory.exhibitionId, parentId: activityCategory.parentId, level: activityCategory.level, deletedAt: activityCategory.deletedAt };
const toItem = (r: Row): ActivityCategory => categoryItem(r);

/** The host's activity categories: a tree of two levels per exhibition, on the shared handlers (as product categories). */
const resource: Resource<Row, ActivityCategory> = {
  name: 'activityCategory',
  table: activityCategory,
  item: activityCategorySchema,
  toItem,
  permissions: { read: 'activityCategory.read', write: 'activityCategory.manage' },
  scope: activityCategoryScope,
  unique: { activity_category_name_key: 'name' },
  async clean(body: { name?: string; nameEn?: string | null }, deps) {
    const out = await checkText(deps, { name: body.name, nameEn: body.nameEn ?? undefined });
    return { ...body, ...(body.name !== undefined ? { name: out.name } : {}), ...(body.nameEn ? { nameEn: out.nameEn } : {}) };
  },
  create: {
    body: activityCategoryCreateBody,
    async values(body: z.infer<typeof activityCategoryCreateBody>, { tx, principal }) {
      await reachableExhibition(tx, principal, body.exhibitionId);
      const level = await levelUnder(tx, tree, body.exhibitionId, body.parentId);
      return { exhibitionId: body.exhibitionId, parentId: body.parentId ?? null, name: body.name, nameEn: body.nameEn ?? null, showIndex: body.showIndex, level };
    },
  },
  update: { body: activityCategoryPatchBody },
  /** Refused while it has children; its activities lose the category in the same transaction. */
  async beforeDelete(row, { tx }) {
    await refuseWithChildren(tx, tree, row.id);
    await tx.update(activity).set({ categoryId: null }).where(eq(activity.categoryId, row.id));
  },
};

async function exhibitionOfCategory(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: activityCategory.exhibitionId }).from(activityCategory).where(and(eq(activityCategory.id, id), isNull(activityCategory.deletedAt)));
  if (!row) throw notFound('activityCategory');
  return row.exhibitionId;
}

export const activityCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const byId = { feature: 'activity' as const, featureExhibition: (r: FastifyRequest) => exhibitionOfCategory(db, (r.query as { id: string }).id) };
  app.get(
    '/api/v3/activitycategory/list',
    {
      config: { permission: 'activityCategory.read', feature: 'activity' },
      schema: {
        summary: 'An exhibition’s activity categories, flat (roots first, then by showIndex); parentId null for the roots',
        tags: ['activityCategory'],
        querystring: activityCategoryListQuery,
        response: { 200: okSchema(z.array(activityCategorySchema)) },
      },
    },
    async (request, reply) =>
      cachedReply(db, request, reply, async () => {
        const p = userOf(request);
        await reachableExhibition(db, p, request.query.exhibitionId);
        const rows = await db
          .select()
          .from(activityCategory)
          .where(and(isNull(activityCategory.deletedAt), activityCategoryScope(p), eq(activityCategory.exhibitionId, request.query.exhibitionId)))
          .orderBy(asc(activityCategory.level), asc(activityCategory.showIndex), asc(activityCategory.name));
        return ok(rows.map(toItem));
      }),
  );
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v3/activitycategory', op: 'create', summary: 'Create an activity category of an exhibition (level from the parent, at most 2; a name once per level and parent)', config: { feature: 'activity' } },
    { method: 'PUT', url: '/api/v3/activitycategory/patch', op: 'update', summary: 'Rename or reorder an activity category', config: byId },
    { method: 'DELETE', url: '/api/v3/activitycategory', op: 'delete', summary: 'Delete an activity category (soft); refused with 4020 while it has children; its activities keep no category', config: byId },
  ]);
};
