import { cacheBuster, correction, correctionCreateBody, correctionQuery, idQuery, ok as okSchema, page } from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { ok } from '../../http/reply.ts';
import { inTransaction } from '../../core/write.ts';
import { checkCorrectionText, correctionPage, createCorrection, deleteCorrection } from './service.ts';

/** Exhibitor data corrections (信息更正, admin/correction): the exhibitor applies, the host accepts or rejects. */
export const correctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibitorCorrection'];

  app.post(
    '/api/v3/exhibitorcorrection',
    {
      config: { permission: 'exhibitorCorrection.create' },
      schema: { summary: 'The exhibitor asks to correct its company or join data (needs enabledExhibitorCorrection; submitted for audit)', tags, body: correctionCreateBody, response: { 200: okSchema(correction) } },
    },
    async (request) => {
      const body = await checkCorrectionText(app.deps, request.body);
      return ok(await inTransaction(app, request, (ctx) => createCorrection(ctx, body)));
    },
  );

  app.post(
    '/api/v3/exhibitorcorrection/page',
    { config: { permission: 'exhibitorCorrection.read' }, schema: { summary: "Correction requests: the host's exhibitions', the exhibitor's own, with their audit state; newest first", tags, body: correctionQuery, response: { 200: okSchema(page(correction)) } } },
    async (request) => ok(await correctionPage(db, userOf(request), request.body)),
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/exhibitorcorrection/apply',
    type: 'correction',
    permission: 'exhibitorCorrection.apply',
    summary: 'Accept (the corrected values are written to the company and the join) or reject (with a reason) correction requests; all or none',
    tags,
  });

  app.delete(
    '/api/v3/exhibitorcorrection',
    { config: { permission: 'exhibitorCorrection.delete' }, schema: { summary: 'Delete a correction request', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteCorrection(ctx, request.query.id));
      return ok(true);
    },
  );
};
