import {
  Role,
  backgroundJob as jobSchema,
  enquiry as enquirySchema,
  enquiryExportBody,
  enquiryQuery,
  enquiryReplyBody,
  expoEnquiryBody,
  expoEnquiryParams,
  idQuery,
  JobType,
  myEnquiry,
  myEnquiryQuery,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { inTransaction } from '../../core/write.ts';
import { fieldError } from '../../http/errors.ts';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import type { EnquiryExportParams } from './export.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import { closeEnquiry, deleteEnquiry, enquiryPage, exhibitionOfEnquiry, myEnquiries, openEnquiry, registerEnquiryAudit, replyEnquiry, sendEnquiry } from './service.ts';

const FEATURE = 'enquiry' as const;
const tags = ['enquiry'];

/**
 * Enquiries (询盘, issue 15, docs/matching.md "Enquiries"): the visitor site's sending and "my enquiries", the back
 * office's inbox (exhibitor), oversight (host) and the .xlsx export as a background job. Gated by the feature `enquiry`.
 */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  registerEnquiryAudit(app.deps);

  const expo = '/api/v1/expo/:exhibitionId/enquiries';
  const visitorGate = { permission: 'visitor.enquire' as const, feature: FEATURE, featureExhibition: (r: FastifyRequest) => (r.params as { exhibitionId: string }).exhibitionId };
  const byId = (where: 'query' | 'body') => ({
    feature: FEATURE,
    featureExhibition: async (r: FastifyRequest) => {
      const id = (r[where] as { id?: unknown } | undefined)?.id;
      return typeof id === 'string' ? exhibitionOfEnquiry(db, id) : null;
    },
  });
  const byFilter = { feature: FEATURE, featureExhibition: exhibitionOfRequest };

  app.post(
    expo,
    {
      config: visitorGate,
      schema: {
        summary: `A signed-in, approved visitor's enquiry to an exhibitor: about a product (its approved product), from a live room (the room's exhibitor, or for a host's room an exhibitor whose product the room shows) or its booth. Sensitive words refused (4026); 5 per exhibitor in 10 minutes (429 4150). The contact is copied from the registration only when shareContact. Reviewed by the host when the exhibition's NewEnquiry (Sample) audit switch is on, else the exhibitor sees it (and is notified) at once`,
        tags,
        params: expoEnquiryParams,
        body: expoEnquiryBody,
        response: { 200: okSchema(myEnquiry) },
      },
    },
    async (request) => {
      const { content } = await checkText(app.deps, { content: request.body.content });
      return ok(await inTransaction(app, request, (ctx) => sendEnquiry(ctx, app.deps, request.params.exhibitionId, { ...request.body, content: content! })));
    },
  );
  app.get(
    `${expo}/mine`,
    {
      config: visitorGate,
      schema: { summary: "The visitor's own enquiries in the exhibition, newest first, with their state and the exhibitor's reply", tags, params: expoEnquiryParams, querystring: myEnquiryQuery, response: { 200: okSchema(page(myEnquiry)) } },
    },
    async (request) => ok(await myEnquiries(db, userOf(request), request.params.exhibitionId, request.query)),
  );

  app.post(
    '/api/v3/enquiry/page',
    {
      config: { permission: 'enquiry.read', ...byFilter },
      schema: {
        summary: "A page of enquiries, newest first: an exhibitor's own approved ones, a host's every enquiry of its exhibitions. The contact fields are null unless the visitor shared them",
        tags,
        body: enquiryQuery,
        response: { 200: okSchema(page(enquirySchema)) },
      },
    },
    async (request, reply) => cachedReply(db, request, reply, async () => ok(await enquiryPage(db, userOf(request), request.body))),
  );
  app.get(
    '/api/v3/enquiry',
    { config: { permission: 'enquiry.read', ...byId('query') }, schema: { summary: 'One enquiry; the exhibitor opening a new one marks it read', tags, querystring: idQuery, response: { 200: okSchema(enquirySchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => openEnquiry(ctx, request.query.id))),
  );
  app.post(
    '/api/v3/enquiry/reply',
    {
      config: { permission: 'enquiry.reply', ...byId('body') },
      schema: { summary: 'The exhibitor answers (sensitive words refused, 4026); the enquiry becomes answered and the visitor reads the reply. A closed one is 409 4151', tags, body: enquiryReplyBody, response: { 200: okSchema(enquirySchema) } },
    },
    async (request) => {
      const { reply } = await checkText(app.deps, { reply: request.body.reply });
      return ok(await inTransaction(app, request, (ctx) => replyEnquiry(ctx, request.body.id, reply!)));
    },
  );
  app.put(
    '/api/v3/enquiry/close',
    { config: { permission: 'enquiry.reply', ...byId('query') }, schema: { summary: 'The exhibitor closes an enquiry (no reply afterwards)', tags, querystring: idQuery, response: { 200: okSchema(enquirySchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => closeEnquiry(ctx, request.query.id))),
  );
  app.delete(
    '/api/v3/enquiry',
    { config: { permission: 'enquiry.delete', ...byId('query') }, schema: { summary: 'The host deletes an enquiry (kept for the record, gone from every list)', tags, querystring: idQuery, response: { 200: okSchema(z.null()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteEnquiry(ctx, request.query.id));
      return ok(null);
    },
  );

  app.post(
    '/api/v3/enquiry/export',
    {
      config: { permission: 'enquiry.export', ...byFilter },
      schema: {
        summary: "Export the enquiries of the page's filters to .xlsx as a background job (the exhibitor's: its own approved ones only; contact columns only where shared); answers the queued job, read and downloaded through /api/v3/backgroundjob",
        tags,
        body: enquiryExportBody,
        response: { 200: okSchema(jobSchema) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const mine = p.role === Role.Exhibitor;
      const exhibitionId = mine ? p.exhibitionId : request.body.exhibitionId;
      if (!exhibitionId) throw fieldError('exhibitionId', 'required');
      const exh = await reachableExhibition(db, p, exhibitionId);
      const { exhibitionId: _e, exhibitorId, ...filters } = request.body;
      const params: EnquiryExportParams = { exhibitionId, exhibitorId: mine ? p.exhibitorId : (exhibitorId ?? null), approvedOnly: mine, filters };
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.EnquiryExport, exhibitionId, hostId: exh.hostId, params });
      return ok(toJobItem(row));
    },
  );
};
