import {
  cacheBuster,
  expoTopic as expoTopicSchema,
  expoTopicDetail,
  expoTopicQuery,
  idQuery,
  ok as okSchema,
  openTopic,
  page,
  topic as topicSchema,
  topicApplication as applicationSchema,
  topicApplicationQuery,
  topicApplyBody,
  topicAuditBody,
  topicCreateBody,
  topicExhibitor,
  topicExhibitorQuery,
  topicPatchBody,
  topicPlaceBody,
  topicQuery,
  topicReapplyBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction, registerConflictFields } from '../../core/write.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import {
  applicationPage,
  applyToTopic,
  auditApplications,
  createTopic,
  deleteTopic,
  expoTopic,
  expoTopics,
  findTopic,
  openTopics,
  placeExhibitor,
  reapply,
  topicExhibitors,
  topicPage,
  unplaceExhibitor,
  updateTopic,
  withdrawApplication,
} from './service.ts';

export const registerTopic = () => registerConflictFields({ topic_exhibition_kind_name_key: 'name', topic_application_key: 'topicId' });

/**
 * Topics (专题) and the brand topic under `/api/v3/topic`, applications under `/api/v3/topic/apply`, the site's under
 * `/api/v1/expo/:exhibitionId/topics` (docs/topics.md). The gate is in the service: the feature `topic`, or `brand`
 * for the brand kind alone, which a route's single `config.feature` cannot say.
 */
export const topicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['topic'];
  const base = '/api/v3/topic';
  /** The exhibition a list is of: the one named, else the caller's current one. */
  const listExhibition = (named: string | undefined, request: Parameters<typeof exhibitionOfRequest>[0]) => {
    const id = named ?? exhibitionOfRequest(request);
    if (!id) throw notFound('exhibition');
    return id;
  };
  const reason = async (text: string | undefined) => (await checkText(app.deps, { reason: text ?? '' })).reason ?? '';

  app.post(
    base,
    {
      config: { permission: 'topic.manage' },
      schema: { summary: 'Create a topic or brand topic of an exhibition (unique name per exhibition and kind: 409 naming name)', tags, body: topicCreateBody, response: { 200: okSchema(topicSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => createTopic(ctx, request.body))),
  );

  app.put(
    `${base}/patch`,
    {
      config: { permission: 'topic.manage' },
      schema: { summary: 'Change the fields sent; a new name, window or type is written on the placed exhibitors in the same transaction', tags, querystring: idQuery, body: topicPatchBody, response: { 200: okSchema(topicSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => updateTopic(ctx, request.query.id, request.body))),
  );

  app.get(
    base,
    { config: { permission: 'topic.manage' }, schema: { summary: 'One topic with its placed exhibitors’ count', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(topicSchema) } } },
    async (request) => ok(await findTopic(db, userOf(request), request.query.id)),
  );

  app.post(
    `${base}/page`,
    { config: { permission: 'topic.manage' }, schema: { summary: 'Topics of an exhibition, by kind and sort (filters kind, keyword)', tags, body: topicQuery, response: { 200: okSchema(page(topicSchema)) } } },
    async (request) => {
      const { pageIndex, pageSize, exhibitionId, ...f } = request.body;
      return ok(await topicPage(db, userOf(request), listExhibition(exhibitionId, request), f, { pageIndex, pageSize }));
    },
  );

  app.delete(
    base,
    { config: { permission: 'topic.manage' }, schema: { summary: 'Delete a topic (soft): its exhibitors are taken out, its applications withdrawn', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteTopic(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    `${base}/exhibitors`,
    { config: { permission: 'topic.manage' }, schema: { summary: 'The exhibitors placed in a topic', tags, body: topicExhibitorQuery, response: { 200: okSchema(page(topicExhibitor)) } } },
    async (request) => {
      const { pageIndex, pageSize, topicId } = request.body;
      return ok(await topicExhibitors(db, userOf(request), topicId, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/place`,
    { config: { permission: 'topic.manage' }, schema: { summary: 'Place an exhibitor of the exhibition in the topic (writes its topic fields from the topic)', tags, body: topicPlaceBody, response: { 200: okSchema(topicSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => placeExhibitor(ctx, request.body.topicId, request.body.exhibitorId))),
  );

  app.post(
    `${base}/unplace`,
    { config: { permission: 'topic.manage' }, schema: { summary: 'Take an exhibitor out of the topic (clears its topic fields; its approved application ends)', tags, body: topicPlaceBody, response: { 200: okSchema(topicSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => unplaceExhibitor(ctx, request.body.topicId, request.body.exhibitorId))),
  );

  /* ---- applications ---- */

  app.get(
    `${base}/open`,
    { config: { permission: 'topic.apply' }, schema: { summary: 'The exhibitor’s view: shown topics it may apply to or has applied to, with its live application', tags, querystring: cacheBuster, response: { 200: okSchema(z.array(openTopic)) } } },
    async (request) => ok(await openTopics(db, userOf(request))),
  );

  app.post(
    `${base}/apply`,
    {
      config: { permission: 'topic.apply' },
      schema: {
        summary: 'Apply to an open topic with a reason; audited as type topic (approved at once under enabledAutoAuditTheme). One live application per topic: 409 naming topicId; 409 4190 when the topic takes none',
        tags,
        body: topicApplyBody,
        response: { 200: okSchema(applicationSchema) },
      },
    },
    async (request) => {
      const text = await reason(request.body.reason);
      return ok(await inTransaction(app, request, (ctx) => applyToTopic(ctx, request.body.topicId, text)));
    },
  );

  app.put(
    `${base}/apply`,
    { config: { permission: 'topic.apply' }, schema: { summary: 'Edit a rejected application and submit it again (409 4191 otherwise)', tags, querystring: idQuery, body: topicReapplyBody, response: { 200: okSchema(applicationSchema) } } },
    async (request) => {
      const text = await reason(request.body.reason);
      return ok(await inTransaction(app, request, (ctx) => reapply(ctx, request.query.id, text)));
    },
  );

  app.delete(
    `${base}/apply`,
    { config: { permission: 'topic.apply' }, schema: { summary: 'Withdraw a pending application (409 4191 otherwise)', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => withdrawApplication(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    `${base}/apply/page`,
    {
      config: { permission: 'topic.read' },
      schema: { summary: 'Applications, pending first: an exhibitor’s own, a host’s exhibition’s (filters topicId, auditState, keyword)', tags, body: topicApplicationQuery, response: { 200: okSchema(page(applicationSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, exhibitionId, ...f } = request.body;
      return ok(await applicationPage(db, userOf(request), listExhibition(exhibitionId, request), f, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/apply/audit`,
    {
      config: { permission: 'topic.manage' },
      schema: {
        summary: 'Approve (auditState 1: the exhibitor is placed in the topic) or reject (2, with a reason) pending applications, all or none',
        tags,
        body: topicAuditBody,
        response: { 200: okSchema(z.object({ decided: z.number().int(), items: z.array(applicationSchema) })) },
      },
    },
    async (request) => {
      const items = await inTransaction(app, request, (ctx) => auditApplications(ctx, request.body.ids, request.body.auditState === 1, request.body.reason ?? null));
      return ok({ decided: items.length, items });
    },
  );

  /* ---- visitor site ---- */

  const expo = '/api/v1/expo/:exhibitionId/topics';
  const params = z.object({ exhibitionId: z.uuid() });
  const expoTags = ['expo', 'topic'];

  app.get(
    expo,
    {
      config: { public: true },
      schema: { summary: 'Shown topics whose window covers now or is open-ended, by kind and sort; 403 4019 without the topic (or brand) feature', tags: expoTags, params, querystring: cacheBuster, response: { 200: okSchema(z.array(expoTopicSchema)) } },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      return ok(await expoTopics(db, request.params.exhibitionId));
    },
  );

  app.get(
    `${expo}/:topicId`,
    {
      config: { public: true },
      schema: {
        summary: 'A shown topic with its placed, shown, approved exhibitors (paged, the directory’s cards)',
        tags: expoTags,
        params: params.extend({ topicId: z.uuid() }),
        querystring: expoTopicQuery.extend(cacheBuster.shape),
        response: { 200: okSchema(expoTopicDetail) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      return ok(await expoTopic(db, request.params.exhibitionId, request.params.topicId, { pageIndex: request.query.page, pageSize: request.query.size }));
    },
  );
};
