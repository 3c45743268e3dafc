import {
  ErrorCode,
  evaluateTagBody,
  evaluateTagList,
  evaluateTagQuery,
  exhibitorEvaluation as evaluationSchema,
  exhibitorEvaluationIdQuery,
  exhibitorEvaluationQuery,
  exhibitorEvaluationReplyBody,
  exhibitorEvaluationShowBody,
  expoExhibitorReview,
  expoExhibitorReviewBody,
  expoExhibitorReviewPage,
  expoExhibitorReviewParams,
  expoExhibitorReviewsQuery,
  ok as okSchema,
  page,
  REVIEWS_PER_MINUTE,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { effectiveKeys } from '../version/service.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import {
  deleteEvaluation,
  evaluateTags,
  evaluationPage,
  exhibitionOfEvaluation,
  publicEvaluateTags,
  publicReviews,
  replyEvaluation,
  saveEvaluateTags,
  showEvaluation,
  writeReview,
} from './service.ts';

/** The visitor site's reviews answer 403 4019 while the exhibition's `evaluate` feature is off (the site hides the section). */
async function siteGate(db: Executor, exhibitionId: string) {
  if (!(await effectiveKeys(db, exhibitionId)).includes('evaluate')) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'evaluate' });
}

/** Exhibitor reviews (issue 15): the back office's list and moderation, the evaluation tags, and the visitor site's reviews. */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['exhibitorEvaluation'];
  const b = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  const q = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const gated = (find: (request: FastifyRequest) => Promise<string | null> | string | null) => ({ feature: 'evaluate' as const, featureExhibition: find });
  const ofRequest = async (request: FastifyRequest, ref: { evaluationId?: string | undefined; exhibitorId?: string | undefined }) => {
    if (ref.evaluationId) return exhibitionOfEvaluation(db, ref.evaluationId);
    const explicit = str(b(request).exhibitionId);
    if (explicit) return explicit;
    if (ref.exhibitorId) return exhibitionOfExhibitor(db, ref.exhibitorId);
    return exhibitionOfRequest(request);
  };

  app.post(
    '/api/v3/exhibitorevaluate/query',
    {
      config: { permission: 'exhibitorEvaluation.read', ...gated((r) => ofRequest(r, { exhibitorId: str(b(r).exhibitorId) })) },
      schema: {
        summary: 'Reviews of exhibitors, newest first: the exhibitor’s of itself, the host’s of its exhibitions’. Filters exhibitionId, exhibitorId, isShow, replied, rating, keyword (text or author)',
        tags,
        body: exhibitorEvaluationQuery,
        response: { 200: okSchema(page(evaluationSchema)) },
      },
    },
    async (request) => ok(await evaluationPage(db, userOf(request), request.body)),
  );

  app.post(
    '/api/v3/exhibitorevaluate',
    {
      config: { permission: 'exhibitorEvaluation.reply', ...gated((r) => ofRequest(r, { evaluationId: str(b(r).id) })) },
      schema: { summary: 'The exhibitor replies to a review of itself (\'\' withdraws the reply); sensitive words refused', tags, body: exhibitorEvaluationReplyBody, response: { 200: okSchema(evaluationSchema) } },
    },
    async (request) => {
      const { reply } = await checkText(app.deps, { reply: request.body.reply });
      return ok(await inTransaction(app, request, (ctx) => replyEvaluation(ctx, request.body.id, reply ?? '')));
    },
  );

  app.put(
    '/api/v3/exhibitorevaluate/show',
    {
      config: { permission: 'exhibitorEvaluation.moderate', ...gated((r) => ofRequest(r, { evaluationId: str(b(r).id) })) },
      schema: { summary: 'The host shows or hides a review on the visitor site (a hidden one only its author still sees)', tags, body: exhibitorEvaluationShowBody, response: { 200: okSchema(evaluationSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => showEvaluation(ctx, request.body.id, request.body.isShow))),
  );

  app.delete(
    '/api/v3/exhibitorevaluate',
    {
      config: { permission: 'exhibitorEvaluation.moderate', ...gated((r) => ofRequest(r, { evaluationId: q(r).id })) },
      schema: { summary: 'The host deletes a review (soft; the operation log keeps it)', tags, querystring: exhibitorEvaluationIdQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteEvaluation(ctx, request.query.id));
      return ok(true);
    },
  );

  app.get(
    '/api/v1/evaluatetag',
    {
      config: { permission: 'evaluateTag.read', ...gated((r) => str(q(r).exhibitionId) ?? null) },
      schema: { summary: 'The exhibition’s evaluation tags, in the host’s order', tags, querystring: evaluateTagQuery, response: { 200: okSchema(evaluateTagList) } },
    },
    async (request) => ok(await evaluateTags(db, userOf(request), request.query.exhibitionId)),
  );

  app.put(
    '/api/v1/evaluatetag',
    {
      config: { permission: 'evaluateTag.manage', ...gated((r) => str(b(r).exhibitionId) ?? null) },
      schema: { summary: 'The host replaces the exhibition’s evaluation tags (duplicates dropped); sensitive words refused', tags, body: evaluateTagBody, response: { 200: okSchema(evaluateTagList) } },
    },
    async (request) => {
      const checked = await checkText(app.deps, Object.fromEntries(request.body.tags.map((t, i) => [`tags.${i}`, t])));
      const list = request.body.tags.map((t, i) => checked[`tags.${i}`] ?? t);
      return ok(await inTransaction(app, request, (ctx) => saveEvaluateTags(ctx, request.body.exhibitionId, list)));
    },
  );

  // ---- the visitor site ----

  const siteTags = ['expo', 'exhibitorEvaluation'];
  const reviewsPath = '/api/v1/expo/:exhibitionId/exhibitors/:exhibitorId/reviews';

  app.get(
    '/api/v1/expo/:exhibitionId/evaluatetags',
    {
      config: { public: true },
      schema: { summary: `The exhibition’s evaluation tags for the review form; 403 4019 while reviews are off. ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`, tags: siteTags, params: z.object({ exhibitionId: z.uuid() }), response: { 200: okSchema(evaluateTagList) } },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      await siteGate(db, request.params.exhibitionId);
      return ok(await publicEvaluateTags(db, request.params.exhibitionId));
    },
  );

  app.get(
    reviewsPath,
    {
      config: { public: true },
      schema: {
        summary: 'A shown exhibitor’s reviews: the shown ones newest first with replies, their average stars and count, the tag list; a signed-in visitor’s own review as `mine` even while hidden (hidden means hidden from everyone but its author). 403 4019 while reviews are off',
        tags: siteTags,
        params: expoExhibitorReviewParams,
        querystring: expoExhibitorReviewsQuery,
        response: { 200: okSchema(expoExhibitorReviewPage) },
      },
    },
    async (request, reply) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { exhibitionId, exhibitorId } = request.params;
      await siteGate(db, exhibitionId);
      return cachedReply(db, request, reply, async () => ok(await publicReviews(db, request.principal, exhibitionId, exhibitorId, request.query)));
    },
  );

  app.post(
    reviewsPath,
    {
      config: { permission: 'visitor.review', feature: 'evaluate', featureExhibition: (r) => (r.params as { exhibitionId: string }).exhibitionId },
      schema: {
        summary: `A signed-in, approved visitor reviews an exhibitor: stars 1–5, text, tags from the exhibition’s list. One per visitor and exhibitor: writing again replaces it (and drops the reply). Sensitive words refused (4026); ${REVIEWS_PER_MINUTE} a minute (429)`,
        tags: siteTags,
        params: expoExhibitorReviewParams,
        body: expoExhibitorReviewBody,
        response: { 200: okSchema(expoExhibitorReview) },
      },
    },
    async (request) => {
      const { exhibitionId, exhibitorId } = request.params;
      const { content } = await checkText(app.deps, { content: request.body.content });
      return ok(await writeReview(db, shared, userOf(request), exhibitionId, exhibitorId, { ...request.body, content: content ?? request.body.content }));
    },
  );
};
