import {
  assignBoothBody,
  assignBoothResult,
  booth,
  boothQuery,
  bulkBoothBody,
  bulkBoothResult,
  cacheBuster,
  createBoothBody,
  hallPlan,
  hallPlanBody,
  hallPlanQuery,
  idQuery,
  ok as okSchema,
  page,
  updateBoothBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { inTransaction } from '../../core/write.ts';
import { assignBooths, boothPage, createBooth, deleteBooth, findBooth, readPlan, saveLayout, savePlan, updateBooth } from './service.ts';

/** Booth floor plans: a hall's plan, its booths, their assignment to exhibitors (docs/booths.md). */
export const boothRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['booth'];

  app.get(
    '/api/v3/hallplan',
    { config: { permission: 'booth.read' }, schema: { summary: "A hall's floor plan (image, extent in plan units, metres per unit), null before one is uploaded", tags, querystring: hallPlanQuery, response: { 200: okSchema(hallPlan.nullable()) } } },
    async (request) => ok(await readPlan(db, userOf(request), request.query.hallId)),
  );

  app.put(
    '/api/v3/hallplan',
    {
      config: { permission: 'booth.layout' },
      schema: {
        summary: "Save a hall's floor plan (its exhibition's host or the administrator); booths must still fit, a new scale recomputes the areas nobody typed",
        tags,
        querystring: hallPlanQuery,
        body: hallPlanBody,
        response: { 200: okSchema(hallPlan) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => savePlan(ctx, request.query.hallId, request.body))),
  );

  app.post(
    '/api/v3/booth/query',
    {
      config: { permission: 'booth.read' },
      schema: {
        summary: 'Booths the caller may see (an exhibitor: its own), by hall and showIndex; filters exhibitionId, hallId, state, type, keyword (code or company), hasExhibitor, exhibitorId',
        tags,
        body: boothQuery,
        response: { 200: okSchema(page(booth)) },
      },
    },
    async (request) => ok(await boothPage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/booth',
    { config: { permission: 'booth.read' }, schema: { summary: 'One booth with its hall and exhibitor', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(booth) } } },
    async (request) => ok(await findBooth(db, userOf(request), request.query.id)),
  );

  app.post(
    '/api/v3/booth',
    {
      config: { permission: 'booth.layout' },
      schema: { summary: 'Create a booth in a hall; code unique in the exhibition, no overlap with the hall’s booths, inside the plan', tags, body: createBoothBody, response: { 200: okSchema(booth) } },
    },
    async (request) => {
      const { code } = await checkText(request.server.deps, { code: request.body.code });
      return ok(await inTransaction(app, request, (ctx) => createBooth(ctx, { ...request.body, code })));
    },
  );

  app.patch(
    '/api/v3/booth',
    {
      config: { permission: 'booth.layout' },
      schema: {
        summary: 'Change the fields sent of a booth (`area: null` goes back to the computed area); the holder’s boothInfo/boothArea follow',
        tags,
        querystring: idQuery,
        body: updateBoothBody,
        response: { 200: okSchema(booth) },
      },
    },
    async (request) => {
      const body = request.body.code === undefined ? request.body : { ...request.body, code: (await checkText(request.server.deps, { code: request.body.code })).code };
      return ok(await inTransaction(app, request, (ctx) => updateBooth(ctx, request.query.id, body)));
    },
  );

  app.delete(
    '/api/v3/booth',
    { config: { permission: 'booth.layout' }, schema: { summary: 'Delete a booth (soft); its exhibitor loses it', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteBooth(ctx, request.query.id));
      return ok(true);
    },
  );

  app.put(
    '/api/v3/booth/bulk',
    {
      config: { permission: 'booth.layout' },
      schema: {
        summary: "Save one hall's whole layout from the editor in one transaction: listed booths with an id change, without one are created, the hall's others are deleted. Overlaps and duplicate codes: 400 naming the booth",
        tags,
        body: bulkBoothBody,
        response: { 200: okSchema(bulkBoothResult) },
      },
    },
    async (request) => {
      const checked = await checkText(request.server.deps, Object.fromEntries(request.body.booths.map((b, i) => [`booths.${i}.code`, b.code])));
      const booths = request.body.booths.map((b, i) => ({ ...b, code: checked[`booths.${i}.code`]! }));
      return ok(await inTransaction(app, request, (ctx) => saveLayout(ctx, { ...request.body, booths })));
    },
  );

  app.put(
    '/api/v3/booth/assign',
    {
      config: { permission: 'booth.assign' },
      schema: {
        summary: 'Assign booths to an exhibitor of their exhibition (state sold), or free them with `exhibitorId: null`; the exhibitors’ boothInfo/boothArea follow',
        tags,
        body: assignBoothBody,
        response: { 200: okSchema(assignBoothResult) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => assignBooths(ctx, request.body))),
  );
};
