import { and, eq } from 'drizzle-orm';
import { companyInvoice as invoiceSchema, exhibitorInvoice, invoiceListQuery, invoicePatchBody, invoiceQuery, ok as okSchema, page, type CompanyInvoice } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { companyScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { inTransaction } from '../../core/write.ts';
import { invoicePage } from './list.ts';
import { companyInvoice } from './tables.ts';

type Row = typeof companyInvoice.$inferSelect;
const keys = ['type', 'title', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'receiverName', 'receiverPhone', 'receiverEmail', 'receiverAddress', 'remark'] as const;
/** A special VAT invoice (专票) needs the buyer's bank and registered address and phone. */
const SPECIAL_REQUIRES = ['bankName', 'bankAccount', 'address', 'phone'] as const;

const toInvoice = (compId: string, r: Row | undefined): CompanyInvoice => ({
  id: r?.id ?? null,
  compId,
  ...(Object.fromEntries(keys.map((k) => [k, r?.[k] ?? null])) as Omit<CompanyInvoice, 'id' | 'compId' | 'updateAt'>),
  updateAt: r?.updatedAt.toISOString() ?? null,
});

async function reachable(db: Executor, p: UserPrincipal, compId: string) {
  const [row] = await db.select({ id: company.id }).from(company).where(and(companyScope(p), eq(company.id, compId)));
  if (!row) throw notFound('company');
}

/** Invoice details per company (ExInvoice / admin/invoice): the exhibitor keeps its own, the host those of its exhibitors. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['companyInvoice'];

  app.get(
    '/api/v3/companyinvoice',
    { config: { permission: 'companyInvoice.read' }, schema: { summary: 'A company’s invoice details (empty before they are filled in)', tags, querystring: invoiceQuery, response: { 200: okSchema(invoiceSchema) } } },
    async (request) => {
      await reachable(db, userOf(request), request.query.compId);
      const [row] = await db.select().from(companyInvoice).where(eq(companyInvoice.companyId, request.query.compId));
      return ok(toInvoice(request.query.compId, row));
    },
  );

  app.post(
    '/api/v3/companyinvoice/query',
    {
      config: { permission: 'companyInvoice.query' },
      schema: { summary: "The invoice details of an exhibition's exhibitors (host list): by company name, invoice title or tax number, and type", tags, body: invoiceListQuery, response: { 200: okSchema(page(exhibitorInvoice)) } },
    },
    async (request) => ok(await invoicePage(db, userOf(request), request.body)),
  );

  app.patch(
    '/api/v3/companyinvoice',
    {
      config: { permission: 'companyInvoice.write' },
      schema: { summary: 'Change the invoice details sent (`type`, `title`, `taxNo` the first time; a special invoice also needs bank and address)', tags, querystring: invoiceQuery, body: invoicePatchBody, response: { 200: okSchema(invoiceSchema) } },
    },
    async (request) =>
      ok(
        await inTransaction(app, request, async ({ tx, principal }) => {
          const compId = request.query.compId;
          await reachable(tx, principal, compId);
          const [existing] = await tx.select().from(companyInvoice).where(eq(companyInvoice.companyId, compId));
          const change = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)) as Partial<Row>;
          const merged = { ...existing, ...change } as Partial<Row>;
          for (const k of ['type', 'title', 'taxNo'] as const) if (!merged[k]) throw fieldError(k, 'required');
          if (merged.type === 'special') for (const k of SPECIAL_REQUIRES) if (!merged[k]) throw fieldError(k, 'required');
          const [row] = existing
            ? await tx.update(companyInvoice).set(change).where(eq(companyInvoice.id, existing.id)).returning()
            : await tx.insert(companyInvoice).values({ ...(change as Row), companyId: compId }).returning();
          await writeOpLog(tx, actorOf(request), {
            action: existing ? 'companyInvoice.update' : 'companyInvoice.create',
            targetType: 'companyInvoice',
            targetId: row!.id,
            before: existing ? Object.fromEntries(Object.keys(change).map((k) => [k, existing[k as keyof Row] ?? null])) : null,
            after: change,
          });
          return toInvoice(compId, row);
        }),
      ),
  );
};
