import { cacheBuster, expoLiveGiftBody, expoLiveMessageBody, expoLiveRoom, expoLiveRoomCard, expoLiveRoomsQuery, liveMessage as messageSchema, ok as okSchema, page } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { sendCacheable } from '../../http/cached-reply.ts';
import { ok } from '../../http/reply.ts';
import { eventStreams, HEARTBEAT_MS } from '../../http/sse.ts';
import { createHub } from '../../infra/hub.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { liveRoomChannel, publishRoomEvent } from './events.ts';
import { createPresence, onlineCount } from './online.ts';
import { expoMessages, expoRoom, expoRoomPage, postMessage, publicRoom, recordViewer, sendGift } from './public.ts';

const params = z.object({ exhibitionId: z.uuid() });
const roomParams = params.extend({ roomId: z.uuid() });
/** Room pages and their event streams per address and minute (a page reconnecting its stream now and then). */
const liveReadLimit = (ip: string) => ({ key: `live-room:ip:${ip}`, limit: 120, windowSeconds: 60 });
/** The live hall's answer may be this old: a room that goes live shows within it. */
const HALL_MAX_AGE = 10;

/** The visitor site's live rooms (docs/live.md "Visitor site"): the hall, a room page, its chat, gifts and events. */
export const livePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared, config } = app.deps;
  const tags = ['expo', 'live'];
  const base = '/api/v1/expo/:exhibitionId/live';
  const hub = createHub(shared, liveRoomChannel);
  const tellViewers = (roomId: string) =>
    void onlineCount(shared, roomId)
      .then((n) => publishRoomEvent(shared, roomId, { type: 'viewers', onlineCount: n }))
      .catch((err: unknown) => app.log.warn({ err }, 'live viewers count failed'));
  const presence = createPresence(shared, tellViewers);
  const stream = eventStreams(app);
  app.addHook('onClose', async () => {
    presence.close();
    await hub.close();
  });
  const visitorGate = { permission: 'visitor.live' as const, feature: 'live' as const, featureExhibition: (r: { params: unknown }) => (r.params as { exhibitionId: string }).exhibitionId };

  app.get(
    base,
    {
      config: { public: true },
      schema: {
        summary: `The live hall: shown, approved rooms of the kinds the exhibition switched on (an exhibitor’s only while the exhibitor is shown), live first, then planned by start. Cacheable for ${HALL_MAX_AGE} s (ETag, 304); ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`,
        tags,
        params,
        querystring: expoLiveRoomsQuery.extend(cacheBuster.shape),
        response: { 200: okSchema(page(expoLiveRoomCard)) },
      },
    },
    async (request, reply) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { pageIndex, pageSize, exhibitorId } = request.query;
      return sendCacheable(db, request, reply, HALL_MAX_AGE, async () => ok(await expoRoomPage(db, shared, request.params.exhibitionId, { pageIndex, pageSize, exhibitorId })));
    },
  );

  app.get(
    `${base}/:roomId`,
    {
      config: { public: true },
      schema: {
        summary: 'A room’s page: introduction, pull URLs while live (flvUrl, hlsUrl; null otherwise), the gifts while they are on, the products with the pushed one, viewers online now. One visitors may not see is a 404; a kind the exhibition switched off is 403 4095',
        tags,
        params: roomParams,
        querystring: cacheBuster,
        response: { 200: okSchema(expoLiveRoom) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [liveReadLimit(request.ip)]);
      return ok(await expoRoom(db, shared, config, request.params.exhibitionId, request.params.roomId));
    },
  );

  app.get(
    `${base}/:roomId/messages`,
    { config: { public: true }, schema: { summary: 'The room’s recent chat (the last 50, oldest first); later ones arrive by the events', tags, params: roomParams, querystring: cacheBuster, response: { 200: okSchema(z.array(messageSchema)) } } },
    async (request) => {
      await enforceLimits(shared, [liveReadLimit(request.ip)]);
      return ok(await expoMessages(db, request.params.exhibitionId, request.params.roomId));
    },
  );

  app.post(
    `${base}/:roomId/messages`,
    {
      config: visitorGate,
      schema: {
        summary: 'A signed-in visitor’s chat message: sensitive words refused (4026), 4093 LiveMuted when the moderator muted it, 10 a minute per room (429); every viewer receives it at once',
        tags,
        params: roomParams,
        body: expoLiveMessageBody,
        response: { 200: okSchema(messageSchema) },
      },
    },
    async (request) => {
      const { exhibitionId, roomId } = request.params;
      const { content } = await checkText(app.deps, { content: request.body.content });
      const message = await postMessage(db, shared, userOf(request), exhibitionId, roomId, content!);
      await publishRoomEvent(shared, message.roomId, { type: 'message', message });
      return ok(message);
    },
  );

  app.post(
    `${base}/:roomId/gifts`,
    {
      config: visitorGate,
      schema: {
        summary: 'A signed-in visitor sends gifts (free tokens, no payment): 4094 LiveGiftsOff while the room’s gifts are off, 20 sends a minute per room (429); every viewer sees it at once',
        tags,
        params: roomParams,
        body: expoLiveGiftBody,
        response: { 200: okSchema(z.boolean()) },
      },
    },
    async (request) => {
      const { exhibitionId, roomId } = request.params;
      const event = await sendGift(db, shared, userOf(request), exhibitionId, roomId, request.body);
      await publishRoomEvent(shared, roomId, event);
      return ok(true);
    },
  );

  app.get(
    `${base}/:roomId/events`,
    {
      config: { public: true },
      schema: {
        summary: `Server-Sent Events of a room: unnamed events whose data is one \`liveEvent\` (state, push, pushCancel, gift, giftSwitch, message, messageDelete, viewers), as they happen on any instance; a comment every ${HEARTBEAT_MS / 1000} s keeps the stream open. A signed-in visitor is counted as a viewer`,
        tags,
        params: roomParams,
        querystring: cacheBuster,
      },
    },
    async (request, reply) => {
      await enforceLimits(shared, [liveReadLimit(request.ip)]);
      const { exhibitionId, roomId } = request.params;
      await publicRoom(db, exhibitionId, roomId);
      await recordViewer(db, request.principal, exhibitionId, roomId);
      await stream(request, reply, async (send) => {
        const unsubscribe = await hub.subscribe(roomId, send);
        await presence.join(roomId);
        tellViewers(roomId);
        return async () => {
          presence.leave(roomId);
          await unsubscribe();
          tellViewers(roomId);
        };
      });
    },
  );
};
