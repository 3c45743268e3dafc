import { and, count, eq, isNull } from 'drizzle-orm';
import { cacheBuster, company as companySchema, companyCreateBody, companyUpdateBody, ErrorCode, idQuery, ok as okSchema } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { companyScope } from '../../auth/scope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { inTransaction } from '../../core/write.ts';
import { toCompany } from './routes.ts';
import { company, exhibitor } from './tables.ts';

/**
 * The request api's company calls (part 2 §7): read by anyone who reaches the company, written by
 * platform staff (the administrator). A host changes its exhibitors' companies through the
 * exhibitor calls, an exhibitor its own through `PUT /api/v3/company`.
 */
export const companyRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['company'];
  const pick = (c: Record<string, unknown>) => ({ name: c.name, nameEn: c.nameEn, logo: c.logo, region: c.region, address: c.address });

  app.get(
    '/api/company',
    { config: { permission: 'company.read' }, schema: { summary: 'A company the caller reaches (as GET /api/v1/company)', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(companySchema) } } },
    async (request) => {
      const [row] = await db.select().from(company).where(and(companyScope(userOf(request)), eq(company.id, request.query.id)));
      if (!row) throw notFound('company');
      return ok(toCompany(row));
    },
  );

  app.post(
    '/api/company',
    { config: { permission: 'company.manage' }, schema: { summary: 'Create a company (administrator)', tags, body: companyCreateBody, response: { 200: okSchema(companySchema) } } },
    async (request) =>
      ok(
        await inTransaction(app, request, async ({ tx }) => {
          const [row] = await tx.insert(company).values(request.body).returning();
          await writeOpLog(tx, actorOf(request), { action: 'company.create', targetType: 'company', targetId: row!.id, after: pick(row!) });
          return toCompany(row!);
        }),
      ),
  );

  app.put(
    '/api/company',
    { config: { permission: 'company.manage' }, schema: { summary: 'Change a company (administrator; id in the body): only the fields sent', tags, body: companyUpdateBody, response: { 200: okSchema(companySchema) } } },
    async (request) =>
      ok(
        await inTransaction(app, request, async ({ tx }) => {
          const { id, ...change } = request.body;
          const values = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
          const [before] = await tx.select().from(company).where(and(eq(company.id, id), isNull(company.deletedAt)));
          if (!before) throw notFound('company');
          const [after] = Object.keys(values).length ? await tx.update(company).set(values).where(eq(company.id, id)).returning() : [before];
          await writeOpLog(tx, actorOf(request), { action: 'company.update', targetType: 'company', targetId: id, before: pick(before), after: pick(after!) });
          return toCompany(after!);
        }),
      ),
  );

  app.delete(
    '/api/company',
    { config: { permission: 'company.manage' }, schema: { summary: 'Delete a company (administrator); refused (4020) while it still exhibits anywhere', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) =>
      ok(
        await inTransaction(app, request, async ({ tx }) => {
          const [row] = await tx.select().from(company).where(and(eq(company.id, request.query.id), isNull(company.deletedAt)));
          if (!row) throw notFound('company');
          const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(exhibitor).where(and(eq(exhibitor.companyId, row.id), isNull(exhibitor.deletedAt)));
          if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'company' });
          await tx.update(company).set({ deletedAt: new Date() }).where(eq(company.id, row.id));
          await writeOpLog(tx, actorOf(request), { action: 'company.delete', targetType: 'company', targetId: row.id, before: pick(row) });
          return true;
        }),
      ),
  );
};
