import {
  applyExhibitor,
  applyExhibitorBody,
  applyExhibitorQuery,
  applyExhibitorReceipt,
  cacheBuster,
  idQuery,
  ok as okSchema,
  page,
  settledForm,
  settledFormQuery,
} from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { langOf } from '../../http/i18n.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { inTransaction } from '../../core/write.ts';
import { applicationPage, deleteApplication, loadApplication, registerApplicationAudit, settlingForm, submitApplication, toApplication } from './service.ts';

/** Settling applications per IP and hour: the public page needs a few, a script is stopped. */
export const APPLY_LIMIT = { limit: 10, windowSeconds: 3600 };
/** Form reads per IP and hour (each page load is one). */
export const FORM_LIMIT = { limit: 300, windowSeconds: 3600 };

/** The settling application (入驻申请): the public page /ex-live/settled posts it, the host audits it. */
export const applyExhibitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['applyExhibitor'];
  registerApplicationAudit(app.deps);

  app.get(
    '/api/v3/applyexhibitor/form',
    {
      config: { permission: 'applyExhibitor.submit', clients: true },
      schema: {
        summary: "What the settling page needs (client token of pavilion-settled): the exhibition's names and its host's categories to choose from; nothing else of the host",
        tags,
        querystring: settledFormQuery,
        response: { 200: okSchema(settledForm) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [{ key: `apply-form:ip:${request.ip}`, ...FORM_LIMIT }]);
      return ok(await settlingForm(db, request.query.exhibitionId));
    },
  );

  app.post(
    '/api/v3/applyexhibitor',
    {
      config: { permission: 'applyExhibitor.submit', clients: true },
      schema: {
        summary:
          'Apply to exhibit (the settling page, bearer = a client_credentials token of pavilion-settled; 10 per IP per hour). Approval creates the company, the exhibitor and its login, sent by SMS/e-mail.',
        tags,
        body: applyExhibitorBody,
        response: { 200: okSchema(applyExhibitorReceipt) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [{ key: `apply:ip:${request.ip}`, ...APPLY_LIMIT }]);
      // Checked before the transaction: the word list is read outside it (PGlite has one connection).
      const b = request.body;
      const text = await checkText(request.server.deps, { name: b.name, company: b.company, companyEn: b.companyEn ?? null, message: b.message ?? null });
      return ok(await db.transaction((tx) => submitApplication(tx, { actor: actorOf(request), lang: langOf(request) }, request.body, text)));
    },
  );

  app.post(
    '/api/v3/applyexhibitor/query',
    { config: { permission: 'applyExhibitor.read' }, schema: { summary: "Applications to the host's exhibitions: by state and keyword (company, name, mobile); pending first", tags, body: applyExhibitorQuery, response: { 200: okSchema(page(applyExhibitor)) } } },
    async (request) => ok(await applicationPage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/applyexhibitor',
    { config: { permission: 'applyExhibitor.read' }, schema: { summary: 'One application', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(applyExhibitor) } } },
    async (request) => {
      const { a, userName } = await loadApplication(db, userOf(request), request.query.id);
      return ok(toApplication(a, userName));
    },
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/applyexhibitor/audit',
    type: 'exhibitorApply',
    permission: 'applyExhibitor.audit',
    summary: 'Approve (creates company, exhibitor and login, and notifies the applicant) or reject with a reason; all or none, one transaction',
    tags,
  });

  app.delete(
    '/api/v3/applyexhibitor',
    { config: { permission: 'applyExhibitor.audit' }, schema: { summary: 'Delete an application (an approved one’s exhibitor stays)', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, ({ tx, principal }) => deleteApplication(tx, actorOf(request), principal, request.query.id));
      return ok(true);
    },
  );
};
