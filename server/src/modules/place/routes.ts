import { exhibitorPlace, ok as okSchema, page, placeGetQuery, placePutBody, placePutQuery, placeQuery } from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitorIdFor } from '../exhibitor/service.ts';
import { inTransaction } from '../../core/write.ts';
import { placePage, placeTextKeys, readPlace, savePlace } from './service.ts';

/** Booth build-up data (展位搭建信息; ex-live place, live place/info and place/audit). See docs/place.md. */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibitorPlace'];

  app.get(
    '/api/v3/exhibitorplace',
    {
      config: { permission: 'exhibitorPlace.read' },
      schema: {
        summary: 'An exhibitor’s assigned booth (codes and area, read-only) and its build-up data with audit state and reason (`place: null` until first saved); an exhibitor may leave out `exhibitorId`',
        tags,
        querystring: placeGetQuery,
        response: { 200: okSchema(exhibitorPlace) },
      },
    },
    async (request) => {
      const p = userOf(request);
      return ok(await readPlace(db, p, exhibitorIdFor(p, request.query.exhibitorId)));
    },
  );

  app.put(
    '/api/v3/exhibitorplace',
    {
      config: { permission: 'exhibitorPlace.write' },
      schema: {
        summary:
          'Save the whole build-up data (absent fields are cleared). The exhibitor’s change is submitted for the host’s audit (the exhibition’s `enabledAutoAuditExhibitor` approves at once); `isHost=true` is the host’s edit, final at once. A raw space needs `contractorName`, `contractorContact`, `contractorPhone` and a drawing',
        tags,
        querystring: placePutQuery,
        body: placePutBody,
        response: { 200: okSchema(exhibitorPlace) },
      },
    },
    async (request) => {
      // Checked before the transaction: the word list is read outside it (PGlite has one connection).
      const text = await checkText(request.server.deps, Object.fromEntries(placeTextKeys.map((k) => [k, request.body[k]])));
      const content = { ...request.body, ...text };
      return ok(await inTransaction(app, request, (ctx) => savePlace(ctx, { isHost: request.query.isHost, exhibitorId: request.query.exhibitorId, content })));
    },
  );

  app.post(
    '/api/v3/exhibitorplace/query',
    {
      config: { permission: 'exhibitorPlace.query' },
      schema: {
        summary: 'Every exhibitor of the host’s exhibitions with company, booth codes and area and its build-up data or `place: null`; filters `keyword`, `auditState`, `boothType`, `hasPlace`; pending first',
        tags,
        body: placeQuery,
        response: { 200: okSchema(page(exhibitorPlace)) },
      },
    },
    async (request) => ok(await placePage(db, userOf(request), request.body)),
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/exhibitorplace/audit',
    type: 'place',
    permission: 'exhibitorPlace.audit',
    summary: 'Approve or reject build-up data by their record ids (`place.id`; all or none; a reason to reject)',
    tags,
  });
};
