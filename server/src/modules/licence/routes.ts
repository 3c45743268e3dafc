import { and, eq, inArray } from 'drizzle-orm';
import {
  AuditState,
  companyLicence as licenceSchema,
  companyLicenceQuery,
  ok as okSchema,
  putCompanyLicenceBody,
  type CompanyLicence,
} from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { companyScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { companyLicence } from './tables.ts';

type Row = typeof companyLicence.$inferSelect;

/**
 * The "company" audit type: a company's business licence, audited by the host of the exhibition
 * it was submitted from. The exhibition's `enabledAutoAuditExhibitor` approves it at once.
 */
registerAuditType({
  type: 'company',
  table: companyLicence,
  stateColumn: companyLicence.auditState,
  reasonColumn: companyLicence.auditReason,
  submitAtColumn: companyLicence.submitAt,
  auditAtColumn: companyLicence.auditAt,
  exhibitionIdColumn: companyLicence.exhibitionId,
  exhibitorIdColumn: companyLicence.exhibitorId,
  autoAudit: 'enabledAutoAuditExhibitor',
  async title(row: Row, tx) {
    const [c] = await tx.select({ name: company.name }).from(company).where(eq(company.id, row.companyId));
    return c?.name ?? null;
  },
  snapshot: (row: Row) => ({ licenceUrl: row.licenceUrl, creditCode: row.creditCode, legalPerson: row.legalPerson, registeredAddress: row.registeredAddress, validUntil: row.validUntil }),
});

const toLicence = (compId: string, r: Row | undefined): CompanyLicence => ({
  id: r?.id ?? null,
  compId,
  licenceUrl: r?.licenceUrl ?? null,
  creditCode: r?.creditCode ?? null,
  legalPerson: r?.legalPerson ?? null,
  registeredAddress: r?.registeredAddress ?? null,
  validUntil: r?.validUntil ?? null,
  auditState: (r?.auditState ?? AuditState.Draft) as AuditState,
  auditReason: r?.auditReason ?? null,
  submitAt: r?.submitAt?.toISOString() ?? null,
  auditAt: r?.auditAt?.toISOString() ?? null,
  updateAt: r?.updatedAt.toISOString() ?? null,
});

async function visibleCompany(db: Executor, p: UserPrincipal, compId: string) {
  const [c] = await db.select({ id: company.id }).from(company).where(and(eq(company.id, compId), companyScope(p)));
  if (!c) throw notFound('company');
  return c.id;
}

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['companyLicence'];

  app.get(
    '/api/v3/companylicence',
    { config: { permission: 'submission.read' }, schema: { summary: "A company's business licence and its audit state (draft and empty when none)", tags, querystring: companyLicenceQuery, response: { 200: okSchema(licenceSchema) } } },
    async (request) => {
      const compId = await visibleCompany(db, userOf(request), request.query.compId);
      const [row] = await db.select().from(companyLicence).where(eq(companyLicence.companyId, compId));
      return ok(toLicence(compId, row));
    },
  );

  app.put(
    '/api/v3/companylicence',
    {
      config: { permission: 'submission.submit' },
      schema: { summary: "The exhibitor saves its company's licence and submits it to the host of the exhibition it is signed in to (or keeps it a draft)", tags, querystring: companyLicenceQuery, body: putCompanyLicenceBody, response: { 200: okSchema(licenceSchema) } },
    },
    async (request) => {
      const p = userOf(request);
      const { draft, ...fields } = request.body;
      const row = await db.transaction(async (tx) => {
        const compId = await visibleCompany(tx, p, request.query.compId);
        if (!p.exhibitionId || !p.exhibitorId) throw notFound('exhibitor');
        const values = {
          licenceUrl: fields.licenceUrl,
          creditCode: fields.creditCode ?? null,
          legalPerson: fields.legalPerson ?? null,
          registeredAddress: fields.registeredAddress ?? null,
          validUntil: fields.validUntil ?? null,
          exhibitionId: p.exhibitionId,
          exhibitorId: p.exhibitorId,
        };
        const [saved] = await tx.insert(companyLicence).values({ companyId: compId, ...values }).onConflictDoUpdate({ target: companyLicence.companyId, set: values }).returning();
        if (draft) await markDraft(tx, 'company', saved!.id);
        else await submitForAudit(tx, actorOf(request), { type: 'company', targetId: saved!.id, exhibitionId: p.exhibitionId, exhibitorId: p.exhibitorId });
        await writeOpLog(tx, actorOf(request), { action: draft ? 'companyLicence.save' : 'companyLicence.submit', targetType: 'companyLicence', targetId: saved!.id, after: values });
        const [after] = await tx.select().from(companyLicence).where(eq(companyLicence.id, saved!.id));
        return after!;
      });
      return ok(toLicence(row.companyId, row));
    },
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/companylicence/audit',
    type: 'company',
    permission: 'audit.decide',
    summary: 'Approve or reject company licences by licence id, all or none; a reason is required to reject',
    tags,
    answer: {
      schema: licenceSchema,
      load: async (tx, ids) => (await tx.select().from(companyLicence).where(inArray(companyLicence.id, ids))).map((r) => toLicence(r.companyId, r)),
    },
  });
};
