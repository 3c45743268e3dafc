import { and, eq, isNull } from 'drizzle-orm';
import { cacheBuster, companyProfile as companySchema, idQuery, ok as okSchema, Role } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { company, exhibitor } from './tables.ts';

export const toCompany = (c: typeof company.$inferSelect) => ({
  id: c.id,
  name: c.name,
  nameEn: c.nameEn,
  logo: c.logo,
  region: c.region,
  address: c.address,
  introduction: c.introduction,
  introductionEn: c.introductionEn,
  website: c.website,
  phone: c.phone,
  email: c.email,
});

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    '/api/v1/company',
    { config: { permission: 'company.read' }, schema: { summary: 'A company: its own for an exhibitor, one exhibiting at its exhibitions for a host', tags: ['company'], querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(companySchema) } } },
    async (request) => {
      const me = userOf(request);
      const live = and(eq(company.id, request.query.id), isNull(company.deletedAt));
      const [row] =
        me.role === Role.Admin
          ? await db.select().from(company).where(live)
          : (await db
              .select({ company })
              .from(company)
              .innerJoin(exhibitor, and(eq(exhibitor.companyId, company.id), exhibitorScope(me)))
              .where(live)
              .limit(1)).map((r) => r.company);
      if (!row) throw notFound('company');
      return ok(toCompany(row));
    },
  );
};
