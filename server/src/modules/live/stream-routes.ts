import { liveRoomGetQuery, liveStream, idQuery, ok as okSchema } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { reachableRoom } from './service.ts';
import { regenerateKey, stopStream, streamOf } from './stream.ts';

/** A room's stream (docs/live.md, "The stream"): the signed push address for OBS, a new key, and cutting the publisher. */
export const liveStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['live'];
  const item = okSchema(liveStream);

  app.get(
    '/api/v1/liveroom/stream',
    {
      config: { permission: 'liveRoom.read' },
      schema: { summary: `A room's signed push URL (OBS: server + stream key) and pull URLs; the push URL expires, ask again for a fresh one`, tags, querystring: liveRoomGetQuery, response: { 200: item } },
    },
    async (request) => ok(streamOf(deps.config, await reachableRoom(deps.db, userOf(request), request.query.id), request.hostname)),
  );

  app.post(
    '/api/v1/liveroom/stream/regenerate',
    {
      config: { permission: 'liveRoom.write' },
      schema: { summary: 'A new stream key: the old push URL is refused from now on and its publisher is cut', tags, querystring: idQuery, response: { 200: item } },
    },
    async (request) => {
      const room = await inTransaction(app, request, async (ctx) => regenerateKey(deps, ctx.tx, ctx.actor, await reachableRoom(ctx.tx, ctx.principal, request.query.id)));
      return ok(streamOf(deps.config, room, request.hostname));
    },
  );

  app.post(
    '/api/v1/liveroom/stream/stop',
    {
      config: { permission: 'liveRoom.write' },
      schema: { summary: "Cuts the room's publisher now (it may push again with its URL; regenerate to keep it out)", tags, querystring: idQuery, response: { 200: item } },
    },
    async (request) => {
      const room = await inTransaction(app, request, async (ctx) => {
        const r = await reachableRoom(ctx.tx, ctx.principal, request.query.id);
        await stopStream(deps, ctx.tx, ctx.actor, r);
        return r;
      });
      return ok(streamOf(deps.config, room, request.hostname));
    },
  );
};
