import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { cacheBuster, exhibition as exhibitionSchema, exhibitionQuery, idQuery, ok as okSchema, page, toPage } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitionScope } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { exhibition } from './tables.ts';
import type { z } from 'zod';

export const toExhibition = (e: typeof exhibition.$inferSelect) => ({
  id: e.id,
  hostId: e.hostId,
  name: e.name,
  nameEn: e.nameEn,
  startAt: e.startAt?.toISOString() ?? null,
  endAt: e.endAt?.toISOString() ?? null,
  showIndex: e.showIndex,
  createAt: e.createdAt.toISOString(),
});

export const exhibitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibition'];

  app.get(
    '/api/v1/exhibition',
    { config: { permission: 'exhibition.read' }, schema: { summary: 'One exhibition the caller may see', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(exhibitionSchema) } } },
    async (request) => {
      const [row] = await db.select().from(exhibition).where(and(exhibitionScope(userOf(request)), eq(exhibition.id, request.query.id)));
      if (!row) throw notFound('exhibition');
      return ok(toExhibition(row));
    },
  );

  const query = async (principal: ReturnType<typeof userOf>, q: z.infer<typeof exhibitionQuery>) => {
    const filters: (SQL | undefined)[] = [exhibitionScope(principal)];
    if (q.name) filters.push(ilike(exhibition.name, `%${q.name.replace(/[%_\\]/g, '\\$&')}%`));
    if (q.hostId) filters.push(eq(exhibition.hostId, q.hostId));
    const where = and(...filters);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exhibition).where(where);
    const rows = await db
      .select()
      .from(exhibition)
      .where(where)
      .orderBy(asc(exhibition.showIndex), asc(exhibition.createdAt))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize);
    return toPage(rows.map(toExhibition), total, q);
  };

  for (const path of ['/api/v1/exhibition/query', '/api/v1/exhibition/page']) {
    app.post(
      path,
      { config: { permission: 'exhibition.query' }, schema: { summary: 'Exhibitions the caller may see, paged, sorted by showIndex', tags, body: exhibitionQuery, response: { 200: okSchema(page(exhibitionSchema)) } } },
      async (request) => ok(await query(userOf(request), request.body)),
    );
  }
};
