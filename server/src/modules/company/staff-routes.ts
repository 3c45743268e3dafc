import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { companyStaff as staffSchema, companyStaffBody, compIdQuery, ok as okSchema, type CompanyStaff } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { companyScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { inTransaction } from '../../core/write.ts';
import { companyStaff } from './staff-tables.ts';
import { company } from './tables.ts';

const toStaff = (s: typeof companyStaff.$inferSelect): CompanyStaff => ({
  id: s.id,
  compId: s.companyId,
  name: s.name,
  position: s.position,
  phoneNumber: s.phoneNumber,
  email: s.email,
  isDefault: s.isDefault,
  createAt: s.createdAt.toISOString(),
});

async function reachableCompany(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await db.select({ id: company.id }).from(company).where(and(companyScope(p), eq(company.id, id)));
  if (!row) throw notFound('company');
  return row.id;
}

/** Company staff (contacts): an exhibitor keeps its own company's, a host those of its exhibitors. */
export const companyStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['company'];

  app.post(
    '/api/staff',
    { config: { permission: 'companyStaff.manage' }, schema: { summary: 'Add a staff contact to a company; `isDefault` makes it the default contact', tags, body: companyStaffBody, response: { 200: okSchema(staffSchema) } } },
    async (request) =>
      ok(
        await inTransaction(app, request, async ({ tx, principal }) => {
          const b = request.body;
          const companyId = await reachableCompany(tx, principal, b.compId);
          if (b.isDefault) await tx.update(companyStaff).set({ isDefault: false }).where(eq(companyStaff.companyId, companyId));
          const [row] = await tx
            .insert(companyStaff)
            .values({ companyId, name: b.name, position: b.position ?? null, phoneNumber: b.phoneNumber ?? null, email: b.email ?? null, isDefault: b.isDefault })
            .returning();
          await writeOpLog(tx, actorOf(request), { action: 'companyStaff.create', targetType: 'companyStaff', targetId: row!.id, after: toStaff(row!) });
          return toStaff(row!);
        }),
      ),
  );

  app.get(
    '/api/staff/GetDefault',
    { config: { permission: 'companyStaff.read' }, schema: { summary: 'The default contact of a company (else its first; null when it has none)', tags, querystring: compIdQuery, response: { 200: okSchema(staffSchema.nullable()) } } },
    async (request) => {
      const companyId = await reachableCompany(db, userOf(request), request.query.compId);
      const [row] = await db
        .select()
        .from(companyStaff)
        .where(and(eq(companyStaff.companyId, companyId), isNull(companyStaff.deletedAt)))
        .orderBy(desc(companyStaff.isDefault), asc(companyStaff.createdAt))
        .limit(1);
      return ok(row ? toStaff(row) : null);
    },
  );
};
