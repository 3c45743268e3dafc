import {
  cacheBuster,
  exhibitorIdQuery,
  liveLineAllocationBody,
  liveLineExhibition,
  liveLineExhibitionAddBody,
  liveLineExhibitionPageQuery,
  liveLineExhibitionQuery,
  liveLineExhibitor,
  liveLineExhibitorAddBody,
  liveLineExhibitorPageQuery,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { addExhibitorLines, allocateLines, exhibitionLine, exhibitionLinePage, exhibitorLine, exhibitorLinePage, grantLines } from './lines.ts';

/** Live lines (docs/live.md, "The stream"): the spec's paths, as written. */
export const liveLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['live'];
  const exhibitionItem = okSchema(liveLineExhibition);
  const exhibitorItem = okSchema(liveLineExhibitor);

  app.get(
    '/api/v1/livelineexhibition',
    {
      config: { permission: 'liveLine.read' },
      schema: { summary: "An exhibition's pool of live lines and minutes, what is allocated to exhibitors, used and streaming now", tags, querystring: liveLineExhibitionQuery, response: { 200: exhibitionItem } },
    },
    async (request) => ok(await exhibitionLine(db, userOf(request), request.query.exhibitionId)),
  );

  app.post(
    '/api/v1/livelineexhibition/add-linecountwithduration',
    {
      config: { permission: 'liveLine.grant' },
      schema: { summary: 'Adds lines and minutes to an exhibition’s pool (negative takes back, never below what is allocated or used)', tags, body: liveLineExhibitionAddBody, response: { 200: exhibitionItem } },
    },
    async (request) => {
      const id = await inTransaction(app, request, (ctx) => grantLines(ctx, request.body));
      return ok(await exhibitionLine(db, userOf(request), id));
    },
  );

  app.post(
    '/api/v1/livelineexhibition/allocation',
    {
      config: { permission: 'liveLine.allocate' },
      schema: { summary: "Sets an exhibitor's lines and minutes, within what the exhibition's pool has left (LiveQuotaExceeded names what is)", tags, body: liveLineAllocationBody, response: { 200: exhibitorItem } },
    },
    async (request) => {
      const id = await inTransaction(app, request, (ctx) => allocateLines(ctx, request.body));
      return ok(await exhibitorLine(db, userOf(request), id));
    },
  );

  app.post(
    '/api/v1/livelineexhibition/page',
    {
      config: { permission: 'liveLine.allocate' },
      schema: { summary: "Exhibitions with their live-line pools: the administrator's all, a host's own", tags, body: liveLineExhibitionPageQuery, response: { 200: okSchema(page(liveLineExhibition)) } },
    },
    async (request) => ok(await exhibitionLinePage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v1/livelineexhibitor',
    {
      config: { permission: 'liveLine.read' },
      schema: { summary: 'Live lines and minutes allocated to an exhibitor, minutes used and lines streaming now (0 when none)', tags, querystring: exhibitorIdQuery.extend(cacheBuster.shape), response: { 200: exhibitorItem } },
    },
    async (request) => ok(await exhibitorLine(db, userOf(request), request.query.exhibitorId)),
  );

  app.post(
    '/api/v1/livelineexhibitor/add-linecountwithduration',
    {
      config: { permission: 'liveLine.allocate' },
      schema: { summary: "Adds lines and minutes to an exhibitor's allocation (negative takes back), within the exhibition's pool", tags, body: liveLineExhibitorAddBody, response: { 200: exhibitorItem } },
    },
    async (request) => {
      const id = await inTransaction(app, request, (ctx) => addExhibitorLines(ctx, request.body));
      return ok(await exhibitorLine(db, userOf(request), id));
    },
  );

  app.post(
    '/api/v1/livelineexhibitor/page',
    {
      config: { permission: 'liveLine.allocate' },
      schema: { summary: "An exhibition's exhibitors with their live-line allocation, minutes used and lines streaming now", tags, body: liveLineExhibitorPageQuery, response: { 200: okSchema(page(liveLineExhibitor)) } },
    },
    async (request) => ok(await exhibitorLinePage(db, userOf(request), request.body)),
  );
};
