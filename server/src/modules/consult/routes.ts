import {
  backgroundJob as jobSchema,
  consult as consultSchema,
  consultExportBody,
  JobType,
  consultAnswerBody,
  consultQuery,
  consultShowBody,
  expoConsultBody,
  expoConsultParams,
  idQuery,
  myConsult,
  myConsultQuery,
  ok as okSchema,
  page,
  publicConsult,
  publicConsultQuery,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionOfRequest, gatedBy, requestField } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { inTransaction } from '../../core/write.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { answerConsult, askConsult, CONSULT_FEATURE, consultPage, deleteConsult, exhibitionOfConsult, findConsult, myConsults, publicConsults, showConsult } from './service.ts';

const tags = ['consult'];

/**
 * Consultations (咨询, docs/consult.md): the visitor site's questions, "my questions" and public questions and answers;
 * the host's list, answer, show switch and delete. Audit decisions go through the shared audit centre (type `consult`).
 * Gated by the feature key `advisory`.
 */
export const consultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared, messenger } = app.deps;
  const gate = gatedBy(CONSULT_FEATURE);
  const byId = (where: 'query' | 'body') => gate((id) => exhibitionOfConsult(db, id), requestField(where, 'id'));
  const byFilter = { feature: CONSULT_FEATURE, featureExhibition: exhibitionOfRequest };

  const expo = '/api/v1/expo/:exhibitionId/consults';
  const visitorGate = { permission: 'visitor.consult' as const, feature: CONSULT_FEATURE, featureExhibition: (r: FastifyRequest) => (r.params as { exhibitionId: string }).exhibitionId };

  app.get(
    expo,
    {
      config: { public: true },
      schema: {
        summary: 'The public questions and answers: approved, answered questions the visitor made public and the host shows, newest answer first. Never who asked. 403 4019 without the advisory feature',
        tags,
        params: expoConsultParams,
        querystring: publicConsultQuery,
        response: { 200: okSchema(page(publicConsult)) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { t: _t, ...q } = request.query;
      return ok(await publicConsults(db, request.params.exhibitionId, q));
    },
  );

  app.post(
    expo,
    {
      config: visitorGate,
      schema: {
        summary: `A signed-in, approved visitor asks the host (question 5–1000 characters). Sensitive words refused (4026); 5 in 10 minutes per exhibition (429 4180). The contact is copied from the registration only when shareContact. Always submitted for the host's audit (type consult)`,
        tags,
        params: expoConsultParams,
        body: expoConsultBody,
        response: { 200: okSchema(myConsult) },
      },
    },
    async (request) => {
      const { question } = await checkText(app.deps, { question: request.body.question });
      return ok(await inTransaction(app, request, (ctx) => askConsult(ctx, shared, request.params.exhibitionId, { ...request.body, question: question! })));
    },
  );

  app.get(
    `${expo}/mine`,
    {
      config: visitorGate,
      schema: { summary: "The visitor's own questions in the exhibition, newest first, with the audit state (a rejection's reason) and the answer", tags, params: expoConsultParams, querystring: myConsultQuery, response: { 200: okSchema(page(myConsult)) } },
    },
    async (request) => {
      const { t: _t, ...q } = request.query;
      return ok(await myConsults(db, userOf(request), request.params.exhibitionId, q));
    },
  );

  app.post(
    '/api/v3/consult/page',
    {
      config: { permission: 'consult.read', ...byFilter },
      schema: {
        summary: "A page of the host's exhibitions' questions, newest first (filters exhibitionId, keyword, category, answered, auditState, createdFrom/To). The contact is null unless the visitor shared it",
        tags,
        body: consultQuery,
        response: { 200: okSchema(page(consultSchema)) },
      },
    },
    async (request) => ok(await consultPage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/consult',
    { config: { permission: 'consult.read', ...byId('query') }, schema: { summary: 'One question', tags, querystring: idQuery, response: { 200: okSchema(consultSchema) } } },
    async (request) => ok(await findConsult(db, userOf(request), request.query.id)),
  );

  app.put(
    '/api/v3/consult/answer',
    {
      config: { permission: 'consult.manage', ...byId('body') },
      schema: { summary: 'The host answers (sensitive words refused, 4026); a later answer replaces it. The visitor is told by SMS (else e-mail) through the outbox', tags, body: consultAnswerBody, response: { 200: okSchema(consultSchema) } },
    },
    async (request) => {
      const { answer } = await checkText(app.deps, { answer: request.body.answer });
      return ok(await inTransaction(app, request, (ctx) => answerConsult(ctx, messenger, request.body.id, answer!)));
    },
  );

  app.put(
    '/api/v3/consult/show',
    { config: { permission: 'consult.manage', ...byId('body') }, schema: { summary: 'Show or hide a question in the public questions and answers (no audit)', tags, body: consultShowBody, response: { 200: okSchema(consultSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => showConsult(ctx, request.body.id, request.body.isShow))),
  );

  app.delete(
    '/api/v3/consult',
    { config: { permission: 'consult.manage', ...byId('query') }, schema: { summary: 'Delete a question (soft); a pending one leaves the queue', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteConsult(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    '/api/v3/consult/export',
    {
      config: { permission: 'backgroundJob.export', ...byFilter },
      schema: { summary: "Export the exhibition's questions of the page's filters to .xlsx as a background job; answers the queued job", tags: [...tags, 'backgroundjob'], body: consultExportBody, response: { 200: okSchema(jobSchema) } },
    },
    async (request) => {
      const p = userOf(request);
      const exh = await reachableExhibition(db, p, request.body.exhibitionId ?? exhibitionOfRequest(request) ?? '');
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.ConsultExport, exhibitionId: exh.id, hostId: exh.hostId, params: { ...request.body, exhibitionId: exh.id } });
      return ok(toJobItem(row));
    },
  );
};
