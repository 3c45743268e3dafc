import { and, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import {
  category as categorySchema,
  categoryLevelQuery,
  categoryNode,
  categoryQuery,
  createCategoryBody,
  ErrorCode,
  MAX_CATEGORY_LEVEL,
  ok as okSchema,
  Role,
  updateCategoryBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { underParent } from '../../db/tree.ts';
import { userOf } from '../../auth/guard.ts';
import { categoryScope } from './scope.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { mountResource, type Resource, type ResourceContext } from '../../http/resource.ts';
import { exhibition } from '../exhibition/tables.ts';
import { host } from '../host/tables.ts';
import { categoryTree, toCategory } from './service.ts';
import { category } from './tables.ts';
import { containing } from '../../db/like.ts';

type Row = typeof category.$inferSelect;
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The tree a new category goes into: a host's own (it names one when it works for several); the administrator names it. */
async function hostFor(ctx: ResourceContext, hostId: string | undefined): Promise<string> {
  const p = ctx.principal;
  if (p.role === Role.Admin) {
    if (!hostId) throw fieldError('hostId', 'required');
    const [h] = await ctx.tx.select({ id: host.id }).from(host).where(and(eq(host.id, hostId), isNull(host.deletedAt)));
    if (!h) throw notFound('host');
    return h.id;
  }
  if (hostId) {
    if (!p.hostIds.includes(hostId)) throw notFound('host');
    return hostId;
  }
  if (p.hostIds.length !== 1) throw fieldError('hostId', 'required');
  return p.hostIds[0]!;
}

/** The parent's level + 1; a parent of another host or a tree deeper than MAX_CATEGORY_LEVEL is refused. */
async function levelUnder(ctx: ResourceContext, hostId: string, parentId: string | null | undefined, depthBelow = 0): Promise<number> {
  if (!parentId) return 1;
  const [parent] = await ctx.tx.select().from(category).where(and(eq(category.id, parentId), eq(category.hostId, hostId), isNull(category.deletedAt)));
  if (!parent) throw notFound('category');
  if (parent.level + 1 + depthBelow > MAX_CATEGORY_LEVEL) throw fieldError('parentId', 'invalid');
  return parent.level + 1;
}

const resource: Resource<Row, z.infer<typeof categorySchema>> = {
  name: 'category',
  table: category,
  item: categorySchema,
  toItem: toCategory,
  permissions: { read: 'category.read', write: 'category.manage' },
  scope: categoryScope,
  hostIdOf: (row) => row.hostId,
  unique: { category_name_key: 'name' },
  query: {
    body: categoryQuery,
    where: (q: z.infer<typeof categoryQuery>) => [
      q.hostId ? eq(category.hostId, q.hostId) : undefined,
      underParent(category.parentId, q.parentId),
      q.level ? eq(category.level, q.level) : undefined,
      q.name ? ilike(category.name, containing(q.name)) : undefined,
    ],
  },
  create: {
    body: createCategoryBody,
    async values(body: z.infer<typeof createCategoryBody>, ctx) {
      const hostId = await hostFor(ctx, body.hostId);
      const level = await levelUnder(ctx, hostId, body.parentId);
      return { ...defined({ ...body, hostId: undefined }), hostId, parentId: body.parentId ?? null, level };
    },
  },
  update: {
    body: updateCategoryBody,
    async values(body: z.infer<typeof updateCategoryBody>, row, ctx) {
      const values: Record<string, unknown> = defined(body);
      if (body.parentId !== undefined && body.parentId !== row.parentId) {
        // Moving a branch: the new parent is not inside it, the branch still fits, its levels follow.
        const all = await ctx.tx.select({ id: category.id, parentId: category.parentId, level: category.level }).from(category).where(and(eq(category.hostId, row.hostId), isNull(category.deletedAt)));
        const below = new Set<string>();
        for (let grew = true; grew; ) {
          grew = false;
          for (const c of all)
            if (c.parentId && (c.parentId === row.id || below.has(c.parentId)) && !below.has(c.id)) {
              below.add(c.id);
              grew = true;
            }
        }
        if (body.parentId && (body.parentId === row.id || below.has(body.parentId))) throw fieldError('parentId', 'invalid');
        const depthBelow = Math.max(0, ...all.filter((c) => below.has(c.id)).map((c) => c.level - row.level));
        const level = await levelUnder(ctx, row.hostId, body.parentId, depthBelow);
        values.level = level;
        if (below.size && level !== row.level)
          await ctx.tx.update(category).set({ level: sql`${category.level} + ${level - row.level}` }).where(inArray(category.id, [...below]));
      }
      return values;
    },
  },
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(category).where(and(eq(category.parentId, row.id), isNull(category.deletedAt)));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'category' });
  },
};

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v1/category/query', op: 'query', summary: "Categories of the caller's hosts (an exhibitor: its exhibition's host), flat, by showIndex" },
    { method: 'POST', url: '/api/v1/category', op: 'create', summary: 'Create a category in a host’s tree (level from the parent, at most 3)' },
    { method: 'PATCH', url: '/api/v1/category', op: 'update', summary: 'Change a category; moving it under another parent moves its branch' },
    { method: 'DELETE', url: '/api/v1/category', op: 'delete', summary: 'Delete a category (soft); refused with 4020 while it has children' },
  ]);

  app.get(
    '/api/v1/category/host/level',
    { config: { permission: 'category.read' }, schema: { summary: "A host's category tree down to `level`, children under `childrens`", tags: ['category'], querystring: categoryLevelQuery, response: { 200: okSchema(z.array(categoryNode)) } } },
    async (request) => {
      const p = userOf(request);
      const { hostId, level } = request.query;
      const allowed =
        p.role === Role.Admin
          ? (await db.select({ id: host.id }).from(host).where(and(eq(host.id, hostId), isNull(host.deletedAt)))).length > 0
          : p.role === Role.Host
            ? p.hostIds.includes(hostId)
            : !!p.exhibitionId && (await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, p.exhibitionId), eq(exhibition.hostId, hostId)))).length > 0;
      if (!allowed) throw notFound('host');
      return ok(await categoryTree(db, hostId, level));
    },
  );
};
