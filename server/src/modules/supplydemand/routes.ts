import {
  backgroundJob as jobSchema,
  cacheBuster,
  expoSupplyDemand,
  expoSupplyDemandPosted,
  expoSupplyDemandBody,
  expoSupplyDemandCommentBody,
  expoSupplyDemandDetail,
  expoSupplyDemandQuery,
  idQuery,
  JobType,
  ok as okSchema,
  page,
  supplyDemand as postSchema,
  supplyDemandAuditBody,
  supplyDemandComment as commentSchema,
  supplyDemandCommentBody,
  supplyDemandCommentQuery,
  supplyDemandCreateBody,
  supplyDemandExportBody,
  supplyDemandPatchBody,
  supplyDemandQuery,
  supplyDemandShowBody,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decide } from '../../audit/audit.ts';
import { exhibitionOfRequest, gatedBy, requestField } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { inTransaction } from '../../core/write.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import { publicExpoLimit, expoViewLimit } from '../expo/routes.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { boardDetail, boardPage, visitorComment, visitorPost } from './public.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import {
  checkReachablePosts,
  commentPage,
  createPost,
  deleteComment,
  deletePost,
  exhibitionOfComment,
  exhibitionOfPost,
  exhibitorComment,
  findPost,
  postPage,
  postsByIds,
  showComment,
  showPost,
  updatePost,
} from './service.ts';

const FEATURE = 'business' as const;

/**
 * Supply and demand (docs/matching.md "Supply and demand"): the back office's posts, audit, comments and export under
 * `/api/v3/supplydemand`, gated by the feature key `business`; the visitor site's board under
 * `/api/v1/expo/:exhibitionId/supply-demand`.
 */
export const supplyDemandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['supplydemand'];
  const base = '/api/v3/supplydemand';
  const field = requestField;
  const gate = gatedBy(FEATURE);
  const byPost = (where: 'query' | 'body', name: string) => gate((id) => exhibitionOfPost(db, id), field(where, name));
  const byComment = (where: 'query' | 'body', name: string) => gate((id) => exhibitionOfComment(db, id), field(where, name));
  /** A filter's exhibition: the post's, the one named, the exhibitor's, else the default places. */
  const byFilter = {
    feature: FEATURE,
    featureExhibition: async (r: FastifyRequest) => {
      const b = (r.body ?? {}) as Record<string, unknown>;
      if (typeof b.supplyDemandId === 'string') return exhibitionOfPost(db, b.supplyDemandId);
      if (typeof b.exhibitionId === 'string') return b.exhibitionId;
      if (typeof b.exhibitorId === 'string') return exhibitionOfExhibitor(db, b.exhibitorId);
      return exhibitionOfRequest(r);
    },
  };
  /** Title and description through the sensitive-word check, before the transaction (PGlite has one connection). */
  const cleaned = async <T extends { title?: string | undefined; description?: string | undefined }>(body: T): Promise<T> => {
    const words = await checkText(app.deps, { title: body.title, description: body.description });
    return { ...body, ...(body.title !== undefined ? { title: words.title! } : {}), ...(body.description !== undefined ? { description: words.description! } : {}) };
  };

  app.post(
    base,
    {
      config: { permission: 'supplyDemand.write', ...byFilter },
      schema: {
        summary:
          'Post a supply or demand: the exhibitor’s own, or the host’s for the exhibition (exhibitionId; approved at once). An exhibitor’s goes to the host’s audit (type supplydemand) while enabledAuditAppointmentSupplyDemand is on (approved at once under enabledAutoAuditSupplyDemand). Needs a kind and a description (field errors); 403 4170 while enabledSupplyDemand is off',
        tags,
        body: supplyDemandCreateBody,
        response: { 200: okSchema(postSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => createPost(ctx, body)));
    },
  );

  app.put(
    `${base}/patch`,
    {
      config: { permission: 'supplyDemand.write', ...byPost('query', 'id') },
      schema: {
        summary: 'Change the fields sent of a post; an exhibitor’s change goes back to the host’s audit while the SupplyDemand audit switch is on, the host’s is final',
        tags,
        querystring: idQuery,
        body: supplyDemandPatchBody,
        response: { 200: okSchema(postSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => updatePost(ctx, request.query.id, body)));
    },
  );

  app.get(
    base,
    { config: { permission: 'supplyDemand.read', ...byPost('query', 'id') }, schema: { summary: 'One post with its audit state and counts', tags, querystring: idQuery, response: { 200: okSchema(postSchema) } } },
    async (request) => ok(await findPost(db, userOf(request), request.query.id)),
  );

  app.post(
    `${base}/page`,
    {
      config: { permission: 'supplyDemand.read', ...byFilter },
      schema: { summary: 'Posts, newest first: an exhibitor’s own, a host’s exhibitions’ (filters kind, auditState, isShow, keyword, exhibitorId)', tags, body: supplyDemandQuery, response: { 200: okSchema(page(postSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, ...f } = request.body;
      return ok(await postPage(db, userOf(request), f, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/audit`,
    {
      config: { permission: 'supplyDemand.manage', ...gate((id) => exhibitionOfPost(db, id), (r) => (r.body as { ids?: unknown[] } | undefined)?.ids?.[0]) },
      schema: {
        summary: 'Approve (auditState 1) or reject (2, with a reason) pending posts, all or none; answers the decided posts',
        tags,
        body: supplyDemandAuditBody,
        response: { 200: okSchema(z.object({ decided: z.number().int(), items: z.array(postSchema) })) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const items = await inTransaction(app, request, async ({ tx, principal, actor }) => {
        await checkReachablePosts(tx, principal, ids);
        await decide(tx, actor, { type: 'supplydemand', ids, approve: request.body.auditState === 1, reason: request.body.reason ?? null });
        return postsByIds(tx, principal, ids);
      });
      return ok({ decided: items.length, items });
    },
  );

  app.put(
    `${base}/show`,
    { config: { permission: 'supplyDemand.write', ...byPost('body', 'id') }, schema: { summary: 'Show or hide a post on the board (no audit)', tags, body: supplyDemandShowBody, response: { 200: okSchema(postSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => showPost(ctx, request.body.id, request.body.isShow))),
  );

  app.delete(
    base,
    { config: { permission: 'supplyDemand.write', ...byPost('query', 'id') }, schema: { summary: 'Delete one’s post (soft); a pending one leaves the queue', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deletePost(ctx, request.query.id));
      return ok(true);
    },
  );

  app.delete(
    `${base}/host`,
    { config: { permission: 'supplyDemand.manage', ...byPost('query', 'id') }, schema: { summary: 'The host deletes any post of its exhibition (soft)', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deletePost(ctx, request.query.id));
      return ok(true);
    },
  );

  /* ---- comments ---- */

  app.post(
    `${base}/comments/page`,
    {
      config: { permission: 'supplyDemand.read', ...byFilter },
      schema: { summary: 'Comments, newest first: a host’s exhibitions’ (filter by post), an exhibitor’s on its own posts', tags, body: supplyDemandCommentQuery, response: { 200: okSchema(page(commentSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, ...f } = request.body;
      return ok(await commentPage(db, userOf(request), f, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/comments`,
    {
      config: { permission: 'supplyDemand.answer', ...byPost('body', 'supplyDemandId') },
      schema: { summary: 'The exhibitor answers under one of its own posts, signed with its company’s name (sensitive words refused)', tags, body: supplyDemandCommentBody, response: { 200: okSchema(commentSchema) } },
    },
    async (request) => {
      const { content } = await checkText(app.deps, { content: request.body.content });
      return ok(await inTransaction(app, request, (ctx) => exhibitorComment(ctx, request.body.supplyDemandId, content!)));
    },
  );

  app.put(
    `${base}/comments/show`,
    { config: { permission: 'supplyDemand.manage', ...byComment('body', 'id') }, schema: { summary: 'Show or hide a comment', tags, body: supplyDemandShowBody, response: { 200: okSchema(commentSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => showComment(ctx, request.body.id, request.body.isShow))),
  );

  app.delete(
    `${base}/comments`,
    { config: { permission: 'supplyDemand.manage', ...byComment('query', 'id') }, schema: { summary: 'Delete a comment (soft)', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteComment(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    `${base}/export`,
    {
      config: { permission: 'backgroundJob.export', ...byFilter },
      schema: { summary: 'Export the exhibition’s posts of the filter to .xlsx as a background job; answers the queued job', tags: [...tags, 'backgroundjob'], body: supplyDemandExportBody, response: { 200: okSchema(jobSchema) } },
    },
    async (request) => {
      const p = userOf(request);
      const exhibitionId = request.body.exhibitionId ?? exhibitionOfRequest(request);
      const exh = await reachableExhibition(db, p, exhibitionId ?? '');
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.SupplyDemandExport, exhibitionId: exh.id, hostId: exh.hostId, params: { ...request.body, exhibitionId: exh.id } });
      return ok(toJobItem(row));
    },
  );

  /* ---- visitor site ---- */

  const expo = '/api/v1/expo/:exhibitionId/supply-demand';
  const params = z.object({ exhibitionId: z.uuid() });
  const postParams = params.extend({ id: z.uuid() });
  const expoTags = ['expo', 'supplydemand'];

  app.get(
    expo,
    {
      config: { public: true },
      schema: {
        summary: 'The board: approved, shown, unexpired posts, newest first (filters kind, keyword). 403 4019 without the business feature, 403 4170 while enabledSupplyDemand is off',
        tags: expoTags,
        params,
        querystring: expoSupplyDemandQuery.extend(cacheBuster.shape),
        response: { 200: okSchema(page(expoSupplyDemand)) },
      },
    },
    async (request, reply) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { t: _t, ...q } = request.query;
      return cachedReply(db, request, reply, async () => ok(await boardPage(db, request.params.exhibitionId, q)));
    },
  );

  app.get(
    `${expo}/:id`,
    {
      config: { public: true },
      schema: { summary: 'A post of the board with its shown comments, oldest first; counts a view', tags: expoTags, params: postParams, querystring: cacheBuster, response: { 200: okSchema(expoSupplyDemandDetail) } },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      let countView = true;
      try {
        await enforceLimits(shared, [expoViewLimit(request.ip)]);
      } catch {
        countView = false;
      }
      return ok(await boardDetail(db, request.params.exhibitionId, request.params.id, countView));
    },
  );

  const visitorGate = { permission: 'visitor.supplyDemand' as const, feature: FEATURE, featureExhibition: (r: { params: unknown }) => (r.params as { exhibitionId: string }).exhibitionId };

  app.post(
    expo,
    {
      config: visitorGate,
      schema: {
        summary: 'A signed-in, approved visitor posts a supply or demand: sensitive words refused (4026), 10 a day (429); audited like an exhibitor’s',
        tags: expoTags,
        params,
        body: expoSupplyDemandBody,
        response: { 200: okSchema(expoSupplyDemandPosted) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => visitorPost(ctx, shared, request.params.exhibitionId, body)));
    },
  );

  app.post(
    `${expo}/:id/comments`,
    {
      config: visitorGate,
      schema: { summary: 'A signed-in, approved visitor comments on a post of the board: sensitive words refused (4026), 5 a minute (429)', tags: expoTags, params: postParams, body: expoSupplyDemandCommentBody, response: { 200: okSchema(commentSchema) } },
    },
    async (request) => {
      const { content } = await checkText(app.deps, { content: request.body.content });
      return ok(await inTransaction(app, request, (ctx) => visitorComment(ctx, app.deps, request.params.exhibitionId, request.params.id, content!)));
    },
  );
};
