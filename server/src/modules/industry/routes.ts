import { and, count, eq, isNull } from 'drizzle-orm';
import { bulkIndustryBody, createIndustryBody, ErrorCode, industry as industrySchema, industryQuery, ok as okSchema, updateIndustryBody } from '@pavilion/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { underParent } from '../../db/tree.ts';
import { userOf } from '../../auth/guard.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { industry } from './tables.ts';

type Row = typeof industry.$inferSelect;

const toItem = (r: Row) => ({ id: r.id, name: r.name, nameEn: r.nameEn, parentId: r.parentId, showIndex: r.showIndex, createAt: r.createdAt.toISOString() });

/** Industries nest one level: a parent must exist and be top-level itself. */
async function checkParent(tx: Executor, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  const [parent] = await tx.select().from(industry).where(and(eq(industry.id, parentId), isNull(industry.deletedAt)));
  if (!parent || parent.parentId || parent.id === selfId) throw notFound('industry');
}

const resource: Resource<Row, z.infer<typeof industrySchema>> = {
  name: 'industry',
  table: industry,
  item: industrySchema,
  toItem,
  permissions: { read: 'industry.read', write: 'industry.manage' },
  unique: { industry_name_key: 'name' },
  query: {
    body: industryQuery,
    where: (q: z.infer<typeof industryQuery>) => [
      q.name ? eq(industry.name, q.name) : undefined,
      underParent(industry.parentId, q.parentId),
    ],
  },
  create: {
    body: createIndustryBody,
    async values(body: z.infer<typeof createIndustryBody>, { tx }) {
      await checkParent(tx, body.parentId);
      return { name: body.name, nameEn: body.nameEn ?? null, parentId: body.parentId ?? null, showIndex: body.showIndex };
    },
  },
  update: {
    body: updateIndustryBody,
    async values(body: z.infer<typeof updateIndustryBody>, row, { tx }) {
      if (body.parentId !== undefined) await checkParent(tx, body.parentId, row.id);
      return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    },
  },
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(industry).where(and(eq(industry.parentId, row.id), isNull(industry.deletedAt)));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'industry' });
  },
};

export const industryRoutes: FastifyPluginAsync = async (app) => {
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v3/industry/query', op: 'query', summary: 'Industries, paged, by showIndex' },
    { method: 'POST', url: '/api/v3/industry', op: 'create' },
    { method: 'PATCH', url: '/api/v3/industry', op: 'update' },
    { method: 'DELETE', url: '/api/v3/industry', op: 'delete' },
  ]);

  app.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
    '/api/v3/industry/bulk',
    {
      config: { permission: 'industry.manage' },
      schema: { summary: 'Create many top-level industries at once; a name already present is refused and nothing is written', tags: ['industry'], body: bulkIndustryBody, response: { 200: okSchema(z.array(industrySchema)) } },
    },
    async (request) => {
      userOf(request);
      const names = request.body.items.map((i) => i.name);
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup) throw fieldError(`items.${names.lastIndexOf(dup)}.name`, 'taken', {}, ErrorCode.Conflict);
      const rows = await app.deps.db.transaction(async (tx) => {
        const existing = await tx.select({ name: industry.name }).from(industry).where(and(isNull(industry.parentId), isNull(industry.deletedAt)));
        const clash = names.findIndex((n) => existing.some((e) => e.name === n));
        if (clash >= 0) throw fieldError(`items.${clash}.name`, 'taken', {}, ErrorCode.Conflict);
        const inserted = await tx.insert(industry).values(request.body.items.map((i) => ({ name: i.name, nameEn: i.nameEn ?? null, showIndex: i.showIndex }))).returning();
        await writeOpLog(tx, actorOf(request), { action: 'industry.bulkCreate', targetType: 'industry', after: inserted.map((r) => r.name) });
        return inserted;
      });
      return ok(rows.map(toItem));
    },
  );
};
