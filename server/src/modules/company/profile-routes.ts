import { and, eq, isNull } from 'drizzle-orm';
import { companyProfile, ok as okSchema, updateCompanyProfileBody, type CompanyProfile } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { toCompany } from './routes.ts';
import { company } from './tables.ts';

/** The profile is the company as every read answers it. */
const toProfile = (c: typeof company.$inferSelect): CompanyProfile => toCompany(c);

/** PUT /api/v3/company: the exhibitor edits its own company's profile (issue 5; the rest of the company module is issue 3's). */
export const companyProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.put(
    '/api/v3/company',
    {
      config: { permission: 'company.updateOwn' },
      schema: {
        summary: "The exhibitor changes its own company's profile (only the fields sent); a sensitive word is refused naming the field and the word (or masked, per the system setting)",
        tags: ['company'],
        body: updateCompanyProfileBody,
        response: { 200: okSchema(companyProfile) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const { id, ...b } = request.body;
      if (!me.companyId || (id && id !== me.companyId)) throw notFound('company');
      const [before] = await db.select().from(company).where(and(eq(company.id, me.companyId), isNull(company.deletedAt)));
      if (!before) throw notFound('company');
      const text = await checkText(request.server.deps, { name: b.name, nameEn: b.nameEn, region: b.region, address: b.address, introduction: b.introduction, introductionEn: b.introductionEn, website: b.website });
      const values = Object.fromEntries(Object.entries({ ...b, ...text }).filter(([, v]) => v !== undefined));
      const after = await db.transaction(async (tx) => {
        const [row] = Object.keys(values).length ? await tx.update(company).set(values).where(eq(company.id, before.id)).returning() : [before];
        const changed = Object.keys(values);
        await writeOpLog(tx, actorOf(request), {
          action: 'company.profile.update',
          targetType: 'company',
          targetId: before.id,
          before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
          after: values,
        });
        return row!;
      });
      return ok(toProfile(after));
    },
  );
};
