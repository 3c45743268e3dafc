import { ok as okSchema, putRankWeight, rankingPreviewItem, rankingPreviewQuery } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { rankingPreview, setRankWeight } from './service.ts';

/** The host's `hot` screen (docs/ranking.md): what the ranking rules make of the public lists, and the manual weights. */
export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['settings'];

  app.get(
    '/api/v3/exhibitorrankingrule/preview',
    {
      config: { permission: 'settings.manage' },
      schema: {
        summary: 'The first 20 exhibitors or products of the public lists in the order the saved ranking rules give them, with views, likes, enquiries and manual weight (the host of the exhibition)',
        tags,
        querystring: rankingPreviewQuery,
        response: { 200: okSchema(z.array(rankingPreviewItem)) },
      },
    },
    async (request) => ok(await rankingPreview(db, userOf(request), request.query.exhibitionId, request.query.target)),
  );

  app.put(
    '/api/v3/exhibitorrankingrule/weight',
    {
      config: { permission: 'settings.manage' },
      schema: {
        summary: "Set the manual weight (−1000…1000, higher first under a `weight desc` rule) of one exhibitor or product of the host's exhibition",
        tags,
        body: putRankWeight,
        response: { 200: okSchema(z.object({ id: z.string(), rankWeight: z.number().int() })) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => setRankWeight(ctx, request.body))),
  );
};
