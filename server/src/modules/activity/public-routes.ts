import { ok as okSchema, page, publicActivity, publicActivityDetail, publicActivityDetailParams, publicActivityParams, publicActivityQuery, cacheBuster } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../http/cached-reply.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { PUBLIC_MAX_AGE } from '../product/routes.ts';
import { publicActivityDetail as readDetail, publicActivityPage } from './public.ts';

/** The visitor site's reads of the programme (docs/activities.md): anonymous, rate-limited with the other expo reads, cacheable. */
export const publicActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['expo'];
  const cacheable = `Cacheable for ${PUBLIC_MAX_AGE} s (ETag, 304); ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`;

  app.get(
    '/api/v1/expo/:exhibitionId/activities',
    {
      config: { public: true },
      schema: {
        summary: `The programme: approved, shown, published activities of a live exhibition with the activity feature (an exhibitor’s only while the exhibitor is shown), in time order, 20 a page by default (at most 50). Filters day (YYYY-MM-DD, China Standard Time: activities running that day), categoryId (a root includes its children), hallId, kind, exhibitorId. ${cacheable}`,
        tags,
        params: publicActivityParams,
        querystring: publicActivityQuery,
        response: { 200: okSchema(page(publicActivity)) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      const { pageIndex, pageSize, day, categoryId, hallId, kind, exhibitorId } = request.query;
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await publicActivityPage(db, request.params.exhibitionId, { day, categoryId, hallId, kind, exhibitorId }, { pageIndex, pageSize }, langOf(request))));
    },
  );

  app.get(
    '/api/v1/expo/:exhibitionId/activities/:activityId',
    {
      config: { public: true },
      schema: {
        summary: `An activity’s page: the introduction in the caller’s language (Accept-Language), its hall and category names, agenda and ticket kinds. One visitors may not see is a 404. Revalidated on every visit (ETag, 304), since a visitor who registers and reloads must see the seat count move; ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`,
        tags,
        params: publicActivityDetailParams,
        querystring: cacheBuster,
        response: { 200: okSchema(publicActivityDetail) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      return sendCacheable(db, request, reply, 0, async () => ok(await readDetail(db, request.params.exhibitionId, request.params.activityId, langOf(request))));
    },
  );
};
