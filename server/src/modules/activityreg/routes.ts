import { eq } from 'drizzle-orm';
import {
  activityCheckinBody,
  activityExportBody,
  activityLivePost as livePostSchema,
  activityLivePostCreateBody,
  activityLivePostListQuery,
  activityReg as regSchema,
  activityRegCancelBody,
  activityRegQuery,
  activityTicketType as ticketTypeSchema,
  activityTicketTypeCreateBody,
  activityTicketTypeListQuery,
  activityTicketTypePatchBody,
  backgroundJob as jobSchema,
  cacheBuster,
  formItem,
  idQuery,
  JobType,
  myActivityTicket,
  myTicketParams,
  ok as okSchema,
  page,
  publicActivityDetailParams,
  publicActivityParams,
  publicRegisterBody,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { notFound } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { eventStreams, HEARTBEAT_MS } from '../../http/sse.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import { effectiveKeys } from '../version/service.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { activity, activityLivePost, activityReg, activityTicketType } from '../activity/tables.ts';
import { checkPost, createLiveHub, createPost, deletePost, listPosts, publishLive, readPosts, recordViewer, type LiveKind } from './live.ts';
import { publicActivityRow, reachableActivity } from './scope.ts';
import { activityForm, checkIn, createTicketType, deleteTicketType, hostCancel, listTicketTypes, myTickets, patchTicketType, regPage, register, visitorCancel } from './service.ts';

const liveReadLimit = (ip: string) => ({ key: `activity-live:ip:${ip}`, limit: 120, windowSeconds: 60 });
const tags = ['activityreg'];
const liveTags = ['activitylive'];
const expo = '/api/v1/expo/:exhibitionId';
const FEATURE = 'activity' as const;

/**
 * Registrations, tickets, check-in, live coverage and their exports (docs/activities.md "Paths"): the back office's
 * `/api/v3/activityticket`, `/activityreg`, `/liveimage`, `/liveimagetext` and two background jobs, and the visitor
 * site's registration, "my tickets" and live coverage with its event stream.
 */
export const activityRegRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const hub = createLiveHub(shared);
  const stream = eventStreams(app);
  app.addHook('onClose', async () => hub.close());

  /** The feature gate's exhibition, from the record the call names (an unknown id is a 404, as its read would be). */
  const exhibitionOf = (lookup: (id: string) => Promise<string | undefined>, pick: (r: FastifyRequest) => unknown) => async (request: FastifyRequest) => {
    const id = pick(request);
    if (typeof id !== 'string') return null;
    const found = await lookup(id).catch(() => undefined);
    if (!found) throw notFound('activity');
    return found;
  };
  const ofActivity = async (id: string) => (await db.select({ e: activity.exhibitionId }).from(activity).where(eq(activity.id, id)))[0]?.e;
  const ofTicketType = async (id: string) =>
    (await db.select({ e: activity.exhibitionId }).from(activityTicketType).innerJoin(activity, eq(activity.id, activityTicketType.activityId)).where(eq(activityTicketType.id, id)))[0]?.e;
  const ofReg = async (id: string) => (await db.select({ e: activityReg.exhibitionId }).from(activityReg).where(eq(activityReg.id, id)))[0]?.e;
  const ofPost = async (id: string) =>
    (await db.select({ e: activity.exhibitionId }).from(activityLivePost).innerJoin(activity, eq(activity.id, activityLivePost.activityId)).where(eq(activityLivePost.id, id)))[0]?.e;
  const field = (where: 'query' | 'body', name: string) => (r: FastifyRequest) => (r[where] as Record<string, unknown> | undefined)?.[name];
  const gate = (lookup: (id: string) => Promise<string | undefined>, pick: (r: FastifyRequest) => unknown) => ({ feature: FEATURE, featureExhibition: exhibitionOf(lookup, pick) });

  /* ---- ticket kinds ---- */

  app.get(
    '/api/v3/activityticket/list',
    {
      config: { permission: 'activityReg.read', ...gate(ofActivity, field('query', 'activityId')) },
      schema: { summary: "An activity's ticket kinds: the host of its exhibition, or the exhibitor owning it", tags, querystring: activityTicketTypeListQuery, response: { 200: okSchema(z.array(ticketTypeSchema)) } },
    },
    async (request) => ok(await listTicketTypes(db, userOf(request), request.query.activityId)),
  );
  app.post(
    '/api/v3/activityticket',
    {
      config: { permission: 'activityReg.manage', ...gate(ofActivity, field('body', 'activityId')) },
      schema: { summary: 'Add a ticket kind (quantity, sale window), at most 20 per activity', tags, body: activityTicketTypeCreateBody, response: { 200: okSchema(ticketTypeSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => createTicketType(ctx, request.body))),
  );
  app.put(
    '/api/v3/activityticket/patch',
    {
      config: { permission: 'activityReg.manage', ...gate(ofTicketType, field('query', 'id')) },
      schema: { summary: 'Change a ticket kind (the quantity never below the tickets taken)', tags, querystring: idQuery, body: activityTicketTypePatchBody, response: { 200: okSchema(ticketTypeSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => patchTicketType(ctx, request.query.id, request.body))),
  );
  app.delete(
    '/api/v3/activityticket',
    {
      config: { permission: 'activityReg.manage', ...gate(ofTicketType, field('query', 'id')) },
      schema: { summary: 'Delete a ticket kind no registration holds (else 409)', tags, querystring: idQuery, response: { 200: okSchema(z.null()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteTicketType(ctx, request.query.id));
      return ok(null);
    },
  );
  app.post(
    '/api/v3/activityticket/checkin',
    {
      config: { permission: 'activityReg.manage', ...gate(ofActivity, field('body', 'activityId')) },
      schema: {
        summary: "Check a ticket in by its code (the QR's text): the first scan wins, a second is 409 AlreadyCheckedIn with the time; an unknown code, another activity's, a waiting or cancelled registration is 404",
        tags,
        body: activityCheckinBody,
        response: { 200: okSchema(regSchema) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => checkIn(ctx, request.body))),
  );

  /* ---- registrations (back office) ---- */

  app.post(
    '/api/v3/activityreg/page',
    {
      config: { permission: 'activityReg.read', ...gate(ofActivity, field('body', 'activityId')) },
      schema: { summary: "A page of an activity's registrations, oldest first: the host of its exhibition, or the exhibitor owning it", tags, body: activityRegQuery, response: { 200: okSchema(page(regSchema)) } },
    },
    async (request) => ok(await regPage(db, userOf(request), request.body)),
  );
  app.put(
    '/api/v3/activityreg/cancel',
    {
      config: { permission: 'activityReg.manage', ...gate(ofReg, field('query', 'id')) },
      schema: { summary: 'Cancel a registration (the host); a held seat goes to the oldest waiting registration, which gets its ticket', tags, querystring: idQuery, body: activityRegCancelBody, response: { 200: okSchema(regSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => hostCancel(ctx, request.query.id, request.body.reason))),
  );

  /* ---- exports (background jobs) ---- */

  const startExport = (type: string) => async (request: FastifyRequest<{ Body: z.infer<typeof activityExportBody> }>) => {
    const p = userOf(request);
    const a = await reachableActivity(db, p, request.body.activityId, { manage: true });
    const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type, exhibitionId: a.exhibitionId, hostId: a.hostId, params: { activityId: a.id } });
    return ok(toJobItem(row));
  };
  app.post(
    '/api/v3/backgroundjob/export/activityreg',
    {
      config: { permission: 'backgroundJob.export', ...gate(ofActivity, field('body', 'activityId')) },
      schema: { summary: "Export an activity's registrations (with its form's answers) to .xlsx as a background job; answers the queued job", tags: ['backgroundjob'], body: activityExportBody, response: { 200: okSchema(jobSchema) } },
    },
    startExport(JobType.ActivityRegExport),
  );
  app.post(
    '/api/v3/backgroundjob/activity/liveviewer',
    {
      config: { permission: 'backgroundJob.export', ...gate(ofActivity, field('body', 'activityId')) },
      schema: { summary: "Export the visitors who opened an activity's live coverage to .xlsx as a background job; answers the queued job", tags: ['backgroundjob'], body: activityExportBody, response: { 200: okSchema(jobSchema) } },
    },
    startExport(JobType.ActivityLiveViewerExport),
  );

  /* ---- live coverage (back office) ---- */

  const liveQuery = activityLivePostListQuery;
  for (const [path, kind] of [
    ['/api/v3/liveimage', 'image'],
    ['/api/v3/liveimagetext', 'text'],
  ] as [string, LiveKind][]) {
    const what = kind === 'image' ? 'photo stream (pictures required)' : 'image-text posts (text required)';
    app.get(
      `${path}/list`,
      {
        config: { permission: 'activity.read', ...gate(ofActivity, field('query', 'activityId')) },
        schema: { summary: `An activity's ${what}, newest first (pinned first): the host of its exhibition, or the exhibitor owning it`, tags: liveTags, querystring: liveQuery, response: { 200: okSchema(z.array(livePostSchema)) } },
      },
      async (request) => ok(await listPosts(db, userOf(request), kind, request.query)),
    );
    app.post(
      path,
      {
        config: { permission: 'activityLive.write', ...gate(ofActivity, field('body', 'activityId')) },
        schema: { summary: `Post to the ${what}; open pages of the visitor site receive it at once`, tags: liveTags, body: activityLivePostCreateBody, response: { 200: okSchema(livePostSchema) } },
      },
      async (request) => {
        const body = await checkPost(app.deps, kind, request.body);
        const post = await inTransaction(app, request, (ctx) => createPost(ctx, kind, body));
        await publishLive(shared, { type: 'post', post });
        return ok(post);
      },
    );
    app.delete(
      path,
      {
        config: { permission: 'activityLive.write', ...gate(ofPost, field('query', 'id')) },
        schema: { summary: `Delete a post of the ${what}; open pages drop it at once`, tags: liveTags, querystring: idQuery, response: { 200: okSchema(z.null()) } },
      },
      async (request) => {
        const gone = await inTransaction(app, request, (ctx) => deletePost(ctx, kind, request.query.id));
        await publishLive(shared, { type: 'delete', ...gone });
        return ok(null);
      },
    );
  }

  /* ---- the visitor site ---- */

  app.get(
    `${expo}/activities/:activityId/form`,
    {
      config: { public: true },
      schema: {
        summary: `The activity's registration form as the host designed it (form type ActivityReg), in display order; an empty list when it has none. One visitors may not see is a 404. ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`,
        tags,
        params: publicActivityDetailParams,
        querystring: cacheBuster,
        response: { 200: okSchema(z.array(formItem)) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { a } = await publicActivityRow(db, request.params.exhibitionId, request.params.activityId);
      const form = await activityForm(db, a.id);
      return ok(form ? [...form.formItems].sort((x, y) => x.showIndex - y.showIndex) : []);
    },
  );
  app.post(
    `${expo}/activities/:activityId/registrations`,
    {
      config: { permission: 'visitor.engage', feature: FEATURE },
      schema: {
        summary: 'Register for an activity (an approved visitor of the exhibition): a seat with its ticket, a place on the waiting list, or 409 ActivityFull / AlreadyRegistered; 4081 FunctionNotOpen, 4082 ExhibitionOver',
        tags,
        params: publicActivityDetailParams,
        body: publicRegisterBody,
        response: { 200: okSchema(myActivityTicket) },
      },
    },
    async (request) => ok(await register(db, userOf(request), request.params.exhibitionId, request.params.activityId, request.body, langOf(request))),
  );
  app.get(
    `${expo}/my/tickets`,
    {
      config: { permission: 'visitor.self', feature: FEATURE },
      schema: { summary: "The visitor's activity registrations in the exhibition, newest first, with each ticket's QR (SVG)", tags, params: publicActivityParams, querystring: cacheBuster, response: { 200: okSchema(z.array(myActivityTicket)) } },
    },
    async (request) => ok(await myTickets(db, userOf(request), request.params.exhibitionId, langOf(request))),
  );
  app.put(
    `${expo}/my/tickets/:regId/cancel`,
    {
      config: { permission: 'visitor.self', feature: FEATURE },
      schema: { summary: 'The visitor cancels its own registration; its seat goes to the oldest waiting one', tags, params: myTicketParams, response: { 200: okSchema(myActivityTicket) } },
    },
    async (request) => ok(await visitorCancel(db, userOf(request), request.params.exhibitionId, request.params.regId, langOf(request))),
  );

  /** A visible activity of an exhibition with the feature, else 404 (the visitor site shows no activities there). */
  const visibleLive = async (exhibitionId: string, activityId: string) => {
    await publicActivityRow(db, exhibitionId, activityId);
    if (!(await effectiveKeys(db, exhibitionId)).includes(FEATURE)) throw notFound('activity');
  };

  app.get(
    `${expo}/activities/:activityId/live`,
    {
      config: { public: true },
      schema: {
        summary: "An activity's live posts (both kinds), newest first (pinned first), or those after `after`; a signed-in visitor is counted as a viewer",
        tags: liveTags,
        params: publicActivityDetailParams,
        querystring: activityLivePostListQuery.omit({ activityId: true }),
        response: { 200: okSchema(z.array(livePostSchema)) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [liveReadLimit(request.ip)]);
      const { exhibitionId, activityId } = request.params;
      await visibleLive(exhibitionId, activityId);
      await recordViewer(db, request.principal, exhibitionId, activityId);
      return ok(await readPosts(db, activityId, { after: request.query.after }));
    },
  );

  app.get(
    `${expo}/activities/:activityId/live/events`,
    {
      config: { public: true },
      schema: {
        summary: `Server-Sent Events of an activity's live coverage: unnamed events whose data is one \`activityLiveEvent\`, {type: 'post', post} or {type: 'delete', id, activityId}, as they happen on any instance; a comment every ${HEARTBEAT_MS / 1000} s keeps the stream open`,
        tags: liveTags,
        params: publicActivityDetailParams,
        querystring: cacheBuster,
      },
    },
    async (request, reply) => {
      await enforceLimits(shared, [liveReadLimit(request.ip)]);
      const { exhibitionId, activityId } = request.params;
      await visibleLive(exhibitionId, activityId);
      await recordViewer(db, request.principal, exhibitionId, activityId);
      await stream(request, reply, (send) => hub.subscribe(activityId, send));
    },
  );
};
