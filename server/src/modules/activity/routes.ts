import {
  activity as activitySchema,
  activityApplyLiveBody,
  activityBatchAuditBody,
  activityBatchAuditResult,
  activityByExhibitorQuery,
  activityCreateBody,
  activityGetQuery,
  activityOpenLiveBody,
  activityPatchBody,
  activityQuery,
  activityShowBody,
  activityStateBody,
  auditDecisionBody,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import { ok } from '../../http/reply.ts';
import { cleanRichText } from '../../http/rich-text.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { activityCategoryRoutes } from './categories.ts';
import { publicActivityRoutes } from './public-routes.ts';
import { activityScheduleRoutes } from './schedules.ts';
import {
  activitiesByIds,
  activitiesOfExhibitor,
  activityPage,
  applyLive,
  batchAudit,
  checkReachableActivities,
  createActivity,
  decideLive,
  deleteActivity,
  exhibitionOfActivity,
  findActivity,
  openLive,
  setActivityState,
  showActivity,
  updateActivity,
} from './service.ts';

/** Activities (issue 13, docs/activities.md): the host's programme and exhibitors' launches, gated by the feature key `activity`. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['activity'];
  const q = (r: FastifyRequest) => r.query as Record<string, string | undefined>;
  const b = (r: FastifyRequest) => (r.body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

  /** The exhibition whose `activity` feature the call needs: the record's own, else the one named, else the default places. */
  const exhibitionOf = async (request: FastifyRequest, ref: { activityId?: string | undefined; exhibitionId?: string | undefined; exhibitorId?: string | undefined }) => {
    if (ref.activityId) return exhibitionOfActivity(db, ref.activityId);
    if (ref.exhibitionId) return ref.exhibitionId;
    if (ref.exhibitorId) return exhibitionOfExhibitor(db, ref.exhibitorId);
    return exhibitionOfRequest(request);
  };
  const gated = (find: (request: FastifyRequest) => Promise<string | null>) => ({ feature: 'activity' as const, featureExhibition: find });
  const byQueryId = gated((r) => exhibitionOf(r, { activityId: q(r).id }));
  const byFilter = gated((r) => exhibitionOf(r, { exhibitionId: str(b(r).exhibitionId), exhibitorId: str(b(r).exhibitorId) }));
  const byFirstId = gated((r) => exhibitionOf(r, { activityId: str((b(r).ids as unknown[] | undefined)?.[0]) }));

  /** Titles and venue through the sensitive-word check, introductions sanitised: before the transaction (PGlite has one connection). */
  const cleaned = async <T extends { title?: string | undefined; titleEn?: string | null | undefined; venue?: string | null | undefined; introductionZh?: string | undefined; introductionEn?: string | undefined }>(body: T): Promise<T> => {
    const words = await checkText(app.deps, { title: body.title, titleEn: body.titleEn ?? undefined, venue: body.venue ?? undefined });
    const out = { ...body };
    if (body.title !== undefined) out.title = words.title!;
    if (body.titleEn) out.titleEn = words.titleEn!;
    if (body.venue) out.venue = words.venue!;
    return { ...out, ...(await cleanRichText(app.deps, { introductionZh: body.introductionZh, introductionEn: body.introductionEn })) };
  };

  app.post(
    '/api/v3/activity/query',
    {
      config: { permission: 'activity.read', ...byFilter },
      schema: {
        summary:
          'Activities in time order, 10 a page by default: a host’s exhibitions’ (its own programme and exhibitors’, never an exhibitor’s draft), an exhibitor’s own. Filters owner (host | exhibitor), exhibitorId, keyword (title), kind, categoryId (a root includes its children), hallId, day (YYYY-MM-DD, China Standard Time), auditState, liveApplyState, phase, isShow',
        tags,
        body: activityQuery,
        response: { 200: okSchema(page(activitySchema)) },
      },
    },
    async (request, reply) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return cachedReply(db, request, reply, async () => ok(await activityPage(db, userOf(request), filter, { pageIndex, pageSize })));
    },
  );

  app.get(
    '/api/v3/activity',
    { config: { permission: 'activity.read', ...byQueryId }, schema: { summary: 'One activity with its audit and live-application state', tags, querystring: activityGetQuery, response: { 200: okSchema(activitySchema) } } },
    async (request) => ok(await findActivity(db, userOf(request), request.query.id)),
  );

  app.get(
    '/api/v3/activity/exhibitor',
    {
      config: { permission: 'activity.read', ...gated((r) => exhibitionOf(r, { exhibitorId: q(r).exhibitorId })) },
      schema: { summary: 'One exhibitor’s activities (one the caller reaches), in time order', tags, querystring: activityByExhibitorQuery, response: { 200: okSchema(z.array(activitySchema)) } },
    },
    async (request) => ok(await activitiesOfExhibitor(db, userOf(request), request.query.exhibitorId)),
  );

  app.post(
    '/api/v3/activity',
    {
      config: { permission: 'activity.write', ...gated((r) => exhibitionOf(r, { exhibitionId: str(b(r).exhibitionId) })) },
      schema: {
        summary:
          'Add an activity: the host’s own (no exhibitorId: approved at once), the host’s for one of its exhibitors (final), or the exhibitor’s own (to the host’s audit, approved at once under enabledAutoAuditActivity; `draft: true` keeps it back). endAt after startAt; no overlap in a hall (4077) unless enabledConcurrentActivity; regEnabled needs enabledActivityReg, categoryId enabledActivityCategory',
        tags,
        body: activityCreateBody,
        response: { 200: okSchema(activitySchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => createActivity(ctx, body)));
    },
  );

  app.put(
    '/api/v3/activity/patch',
    {
      config: { permission: 'activity.write', ...byQueryId },
      schema: {
        summary: 'Change the fields sent, under the same rules; an exhibitor’s change goes back to the host’s audit (or to draft with `draft: true`), the host’s is final. New times must still hold the agenda',
        tags,
        querystring: activityGetQuery,
        body: activityPatchBody,
        response: { 200: okSchema(activitySchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateActivity(ctx, request.query.id, body)));
    },
  );

  app.delete(
    '/api/v3/activity',
    { config: { permission: 'activity.write', ...byQueryId }, schema: { summary: 'Delete an activity (soft); a pending one leaves the audit queue', tags, querystring: activityGetQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteActivity(ctx, request.query.id));
      return ok(true);
    },
  );

  app.patch(
    '/api/v3/activity/state',
    {
      config: { permission: 'activity.write', ...byQueryId },
      schema: { summary: 'Cancel an activity, or publish it again (no overlap in its hall); no new audit', tags, querystring: activityGetQuery, body: activityStateBody, response: { 200: okSchema(activitySchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => setActivityState(ctx, request.query.id, request.body.state))),
  );

  app.put(
    '/api/v3/activity/SetShow',
    {
      config: { permission: 'activity.write', ...gated((r) => exhibitionOf(r, { activityId: str(b(r).id) })) },
      schema: { summary: 'Show or hide an activity on the visitor site (no new audit)', tags, body: activityShowBody, response: { 200: okSchema(activitySchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => showActivity(ctx, request.body.id, request.body.isShow))),
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/activity/audit',
    type: 'activity',
    permission: 'activity.audit',
    gate: byFirstId,
    summary: 'Approve or reject pending exhibitor activities by their ids through the audit queue (all or none; a reason to reject); another tenant’s id is a 404 for the whole request',
    tags,
    check: checkReachableActivities,
    answer: { schema: activitySchema, load: (tx, ids, principal) => activitiesByIds(tx, principal, ids) },
  });

  app.post(
    '/api/v3/batchaudit',
    {
      config: { permission: 'activity.audit', ...byFilter },
      schema: {
        summary: 'Approve or reject every pending exhibitor activity the filters match (those of activity/query) in the caller’s exhibitions, in one transaction; a reason to reject. Answers how many were decided',
        tags,
        body: activityBatchAuditBody,
        response: { 200: okSchema(activityBatchAuditResult) },
      },
    },
    async (request) => ok({ decided: await inTransaction(app, request, (ctx) => batchAudit(ctx, request.body)) }),
  );

  app.post(
    '/api/v3/activity/apply-live',
    {
      config: { permission: 'activity.write', ...byQueryId },
      schema: {
        summary: 'Apply to stream an activity (the exhibitor its own, the host for any of its exhibitions’): pending until the host decides; 409 while one is pending or approved, or when the activity is over or cancelled',
        tags,
        querystring: activityGetQuery,
        body: activityApplyLiveBody,
        response: { 200: okSchema(activitySchema) },
      },
    },
    async (request) => {
      const note = request.body.note ? (await checkText(app.deps, { note: request.body.note })).note : undefined;
      return ok(await inTransaction(app, request, (ctx) => applyLive(ctx, request.query.id, note)));
    },
  );

  app.post(
    '/api/v3/activity/audit/live',
    {
      config: { permission: 'activity.audit', ...byFirstId },
      schema: {
        summary: 'Approve or reject pending live applications (all or none; 409 when one is not pending; a reason to reject)',
        tags,
        body: auditDecisionBody,
        response: { 200: okSchema(z.object({ decided: z.number().int(), items: z.array(activitySchema) })) },
      },
    },
    async (request) => {
      const items = await inTransaction(app, request, (ctx) => decideLive(ctx, request.body.ids, request.body.approve, request.body.reason));
      return ok({ decided: items.length, items });
    },
  );

  app.put(
    '/api/v3/activity/open-live',
    {
      config: { permission: 'activity.audit', ...byQueryId },
      schema: { summary: 'Open (or close) the live coverage of an activity whose live application is approved (409 otherwise)', tags, querystring: activityGetQuery, body: activityOpenLiveBody, response: { 200: okSchema(activitySchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => openLive(ctx, request.query.id, request.body.open))),
  );

  await app.register(activityScheduleRoutes);
  await app.register(activityCategoryRoutes);
  await app.register(publicActivityRoutes);
};
