import { cacheBuster, ErrorCode, expoFeatured as expoFeaturedSchema, focusApplication as focusSchema, focusApplyBody, focusAuditBody, focusQuery, focusSortBody, idQuery, ok as okSchema, page } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionFeatures, exhibitionOfRequest, gatedBy, requestField } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { applyFocus, auditFocus, deleteFocus, exhibitionOfFocus, expoFeatured, focusPage, sortFocus } from './service.ts';

const FEATURE = 'promotion' as const;

/**
 * Focus applications (applyfocus, 推荐; docs/topics.md): the exhibitor applies to be featured, the host decides (audit
 * type `focus`), orders and revokes; the site reads what is featured now. Gated by the feature key `promotion`.
 */
export const focusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['applyfocus'];
  const base = '/api/v1/applyfocus';
  const gate = gatedBy(FEATURE);
  const byId = (where: 'query' | 'body', name: string) => gate((id) => exhibitionOfFocus(db, id), requestField(where, name));
  const byIds = gate((id) => exhibitionOfFocus(db, id), (r) => (r.body as { ids?: unknown[] } | undefined)?.ids?.[0]);

  app.post(
    base,
    {
      config: { permission: 'focus.apply', feature: FEATURE },
      schema: {
        summary: 'The exhibitor applies to be featured, itself or one of its own approved products (productId), over a window (startAt < endAt, endAt in the future), with a reason; audited as type focus',
        tags,
        body: focusApplyBody,
        response: { 200: okSchema(focusSchema) },
      },
    },
    async (request) => {
      const { reason } = await checkText(app.deps, { reason: request.body.reason ?? '' });
      return ok(await inTransaction(app, request, (ctx) => applyFocus(ctx, { ...request.body, reason: reason ?? '' })));
    },
  );

  app.post(
    `${base}/page`,
    {
      config: { permission: 'focus.read', feature: FEATURE },
      schema: { summary: 'Applications, pending first then by sort: an exhibitor’s own, a host’s exhibition’s (filters auditState, target, exhibitorId, productId, keyword)', tags, body: focusQuery, response: { 200: okSchema(page(focusSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, exhibitionId, ...f } = request.body;
      const exh = exhibitionId ?? exhibitionOfRequest(request);
      if (!exh) throw fieldError('exhibitionId', 'required');
      return ok(await focusPage(db, userOf(request), exh, f, { pageIndex, pageSize }));
    },
  );

  app.put(
    `${base}/sort`,
    { config: { permission: 'focus.manage', ...byId('body', 'id') }, schema: { summary: 'The host orders an application among the featured (lower first)', tags, body: focusSortBody, response: { 200: okSchema(focusSchema) } } },
    async (request) => ok(await inTransaction(app, request, (ctx) => sortFocus(ctx, request.body.id, request.body.sort))),
  );

  app.delete(
    base,
    {
      config: { permission: 'focus.delete', ...byId('query', 'id') },
      schema: { summary: 'The exhibitor withdraws its pending application (409 4192 otherwise); the host revokes any (soft delete)', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteFocus(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    `${base}/audit`,
    {
      config: { permission: 'focus.manage', ...byIds },
      schema: {
        summary: 'Approve (auditState 1) or reject (2, with a reason) pending applications, all or none',
        tags,
        body: focusAuditBody,
        response: { 200: okSchema(z.object({ decided: z.number().int(), items: z.array(focusSchema) })) },
      },
    },
    async (request) => {
      const items = await inTransaction(app, request, (ctx) => auditFocus(ctx, request.body.ids, request.body.auditState === 1, request.body.reason ?? null));
      return ok({ decided: items.length, items });
    },
  );

  app.get(
    '/api/v1/expo/:exhibitionId/featured',
    {
      config: { public: true },
      schema: {
        summary: 'What is featured now (approved, window covering now), in the host’s order: exhibitors and products as the site’s cards; 403 4019 without the promotion feature',
        tags: ['expo', 'applyfocus'],
        params: z.object({ exhibitionId: z.uuid() }),
        querystring: cacheBuster,
        response: { 200: okSchema(expoFeaturedSchema) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      if (!(await exhibitionFeatures(db, request.params.exhibitionId)).includes(FEATURE)) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: FEATURE });
      return ok(await expoFeatured(db, request.params.exhibitionId));
    },
  );
};
