import {
  idQuery,
  liveGift as giftSchema,
  liveGiftBody,
  liveGiftListQuery,
  liveGiftNoticeBody,
  liveGiftPatchBody,
  liveGiftRecord,
  liveGiftRecordQuery,
  liveMessage as messageSchema,
  liveMessageQuery,
  liveMuteBody,
  livePresenterMessageBody,
  livePushBody,
  livePushProduct as pushProductSchema,
  livePushProductAddBody,
  livePushProductDeleteQuery,
  livePushProductListQuery,
  liveRoom as roomSchema,
  liveRoomCreateBody,
  liveRoomGetQuery,
  liveRoomPatchBody,
  liveRoomQuery,
  liveViewer as viewerSchema,
  liveViewerQuery,
  cacheBuster,
  ok as okSchema,
  page,
  type LiveEvent,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import { exhibitionOfRequest, gatedBy, requestField } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfActivity } from '../activity/service.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { deleteMessage, exhibitionOfMessage, messagePage, muteViewer, presenterMessage, viewerPage } from './chat.ts';
import { publishRoomEvent } from './events.ts';
import { createGift, deleteGift, exhibitionOfGift, giftRecordPage, listGifts, patchGift, setGiftSwitch } from './gifts.ts';
import { addRoomProducts, cancelPush, listRoomProducts, pushProduct, removeRoomProduct } from './products.ts';
import { activityRoom, checkReachableRooms, createRoom, deleteRoom, exhibitionOfRoom, findRoom, roomPage, roomsByIds, updateRoom } from './service.ts';

const FEATURE = 'live' as const;

/**
 * Live rooms (issue 14, docs/live.md): rooms and their audit, pushed products, gifts, chat moderation and viewers of the
 * back office, gated by the feature key `live`; the visitor site's routes are `livePublicRoutes` (public-routes.ts).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['live'];
  const field = requestField;
  /** The feature gate's exhibition, from the record the call names (an unknown id is a 404, as its read would be). */
  const gate = gatedBy(FEATURE);
  const byRoom = (where: 'query' | 'body', name: string) => gate((id) => exhibitionOfRoom(db, id), field(where, name));
  /** A filter's exhibition: the one named, the room's, the exhibitor's, else the default places. */
  const byFilter = {
    feature: FEATURE,
    featureExhibition: async (r: FastifyRequest) => {
      const b = (r.body ?? {}) as Record<string, unknown>;
      if (typeof b.roomId === 'string') return exhibitionOfRoom(db, b.roomId);
      if (typeof b.exhibitionId === 'string') return b.exhibitionId;
      if (typeof b.exhibitorId === 'string') return exhibitionOfExhibitor(db, b.exhibitorId);
      return exhibitionOfRequest(r);
    },
  };
  const publish = async (roomId: string, events: LiveEvent[]) => {
    for (const e of events) await publishRoomEvent(shared, roomId, e);
  };
  /** Title, English title and introduction through the sensitive-word check, before the transaction (PGlite has one connection). */
  const cleaned = async <T extends { title?: string | undefined; titleEn?: string | null | undefined; introduction?: string | undefined }>(body: T): Promise<T> => {
    const words = await checkText(app.deps, { title: body.title, titleEn: body.titleEn ?? undefined, introduction: body.introduction || undefined });
    return { ...body, ...(body.title !== undefined ? { title: words.title! } : {}), ...(body.titleEn ? { titleEn: words.titleEn! } : {}), ...(body.introduction ? { introduction: words.introduction! } : {}) };
  };

  /* ---- rooms ---- */

  app.post(
    '/api/v1/liveroom',
    {
      config: { permission: 'liveRoom.write', ...gate(async (id) => id, field('body', 'exhibitionId')) },
      schema: {
        summary:
          'Add a room: the host’s own (no exhibitorId: approved at once), the host’s for one of its exhibitors (final), or the exhibitor’s own (to the host’s audit, type liveroom; approved at once under enabledAutoAuditLive). Needs enabledLive, and enabledExhibitorLive for an exhibitor’s room, enabledSpecialLive for the host’s (403 4095 LiveOff)',
        tags,
        body: liveRoomCreateBody,
        response: { 200: okSchema(roomSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => createRoom(ctx, shared, body)));
    },
  );

  app.get(
    '/api/v1/liveroom',
    { config: { permission: 'liveRoom.read', ...byRoom('query', 'id') }, schema: { summary: 'One room with its audit state, counts and viewers online now', tags, querystring: liveRoomGetQuery, response: { 200: okSchema(roomSchema) } } },
    async (request) => ok(await findRoom(db, shared, userOf(request), request.query.id)),
  );

  app.patch(
    '/api/v1/liveroom',
    {
      config: { permission: 'liveRoom.write', ...byRoom('query', 'id') },
      schema: {
        summary:
          'Change the fields sent (review edit and gift control). An exhibitor’s change of title, cover, introduction or plan goes back to the host’s audit; giftEnabled, isShow and showIndex do not. The host may set liveState idle or ended (the exhibitor 403). Viewers are told of a gift switch or a state change at once',
        tags,
        querystring: idQuery,
        body: liveRoomPatchBody,
        response: { 200: okSchema(roomSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      const { room, events } = await inTransaction(app, request, (ctx) => updateRoom(ctx, shared, request.query.id, body));
      await publish(room.id, events);
      return ok(room);
    },
  );

  app.delete(
    '/api/v1/liveroom',
    { config: { permission: 'liveRoom.write', ...byRoom('query', 'id') }, schema: { summary: 'Delete a room (soft); a pending one leaves the audit queue', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteRoom(ctx, request.query.id));
      return ok(true);
    },
  );

  app.post(
    '/api/v1/liveroom/page',
    {
      config: { permission: 'liveRoom.read', ...byFilter },
      schema: {
        summary: 'A page of rooms, live ones first: a host’s exhibitions’ (all kinds), an exhibitor’s own. Filters exhibitionId, exhibitorId, kind, keyword (title), liveState, auditState',
        tags,
        body: liveRoomQuery,
        response: { 200: okSchema(page(roomSchema)) },
      },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await roomPage(db, shared, userOf(request), filter, { pageIndex, pageSize }));
    },
  );

  app.get(
    '/api/v1/liveroom/activity',
    {
      config: { permission: 'liveRoom.read', ...gate((id) => exhibitionOfActivity(db, id), field('query', 'activityId')) },
      schema: {
        summary: 'The room of an activity whose live application is approved, created on first read (kind activity, the activity’s title and exhibitor); 409 while the application is not approved',
        tags,
        querystring: z.object({ activityId: z.uuid() }).extend(cacheBuster.shape),
        response: { 200: okSchema(roomSchema) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => activityRoom(ctx, shared, request.query.activityId))),
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v1/liveroom/audit',
    type: 'liveroom',
    permission: 'liveRoom.audit',
    gate: gate((id) => exhibitionOfRoom(db, id), (r) => ((r.body as { ids?: unknown[] } | undefined)?.ids ?? [])[0]),
    summary: 'Approve or reject pending exhibitor rooms by their ids through the audit queue (all or none; a reason to reject); another tenant’s id is a 404 for the whole request',
    tags,
    check: checkReachableRooms,
    answer: { schema: roomSchema, load: (tx, ids, principal) => roomsByIds(tx, shared, principal, ids) },
  });

  /* ---- pushed products (paths of the spec) ---- */

  const products = '/api/v1/liveroom/backstage/livepushproduct';
  app.post(
    products,
    {
      config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') },
      schema: {
        summary: 'Add products to the room’s list (at most 50): approved products of the room’s exhibitor for an exhibitor’s room, any of the exhibition for the host’s; another’s product is a 404',
        tags,
        body: livePushProductAddBody,
        response: { 200: okSchema(z.array(pushProductSchema)) },
      },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => addRoomProducts(ctx, request.body.roomId, request.body.productIds))),
  );
  app.get(
    `${products}/list`,
    { config: { permission: 'liveRoom.read', ...byRoom('query', 'roomId') }, schema: { summary: 'The room’s products in order, the pushed one marked', tags, querystring: livePushProductListQuery, response: { 200: okSchema(z.array(pushProductSchema)) } } },
    async (request) => ok(await listRoomProducts(db, userOf(request), request.query.roomId)),
  );
  app.delete(
    products,
    {
      config: { permission: 'liveRoom.write', ...byRoom('query', 'roomId') },
      schema: { summary: 'Remove a product from the room’s list; a pushed one disappears from viewers’ screens', tags, querystring: livePushProductDeleteQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      const { roomId, productId } = request.query;
      const { wasPushed } = await inTransaction(app, request, (ctx) => removeRoomProduct(ctx, roomId, productId));
      if (wasPushed) await publishRoomEvent(shared, roomId, { type: 'pushCancel', productId });
      return ok(true);
    },
  );
  app.post(
    `${products}/push`,
    {
      config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') },
      schema: { summary: 'Push a product of the list to every viewer’s screen (it replaces the one pushed before)', tags, body: livePushBody, response: { 200: okSchema(pushProductSchema) } },
    },
    async (request) => {
      const product = await inTransaction(app, request, (ctx) => pushProduct(ctx, request.body.roomId, request.body.productId));
      await publishRoomEvent(shared, product.roomId, { type: 'push', product });
      return ok(product);
    },
  );
  app.post(
    `${products}/push/cancel`,
    {
      config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') },
      schema: { summary: 'Withdraw the pushed product from viewers’ screens', tags, body: livePushBody, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      const { roomId, productId } = request.body;
      const { wasPushed } = await inTransaction(app, request, (ctx) => cancelPush(ctx, roomId, productId));
      if (wasPushed) await publishRoomEvent(shared, roomId, { type: 'pushCancel', productId });
      return ok(wasPushed);
    },
  );

  /* ---- gifts ---- */

  app.post(
    '/api/v1/liveroom/push/enable-gift/notice',
    {
      config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') },
      schema: { summary: 'Switch the room’s gifts on or off and push the notice to its viewers', tags, body: liveGiftNoticeBody, response: { 200: okSchema(z.object({ enabled: z.boolean(), notice: z.string().nullable() })) } },
    },
    async (request) => {
      const body = request.body.notice ? { ...request.body, notice: (await checkText(app.deps, { notice: request.body.notice })).notice } : request.body;
      const out = await inTransaction(app, request, (ctx) => setGiftSwitch(ctx, body));
      await publishRoomEvent(shared, request.body.roomId, { type: 'giftSwitch', ...out });
      return ok(out);
    },
  );
  app.get(
    '/api/v1/livegift/list',
    { config: { permission: 'liveRoom.read', feature: FEATURE }, schema: { summary: 'The exhibition’s gift catalogue (hidden ones too)', tags, querystring: liveGiftListQuery, response: { 200: okSchema(z.array(giftSchema)) } } },
    async (request) => ok(await listGifts(db, userOf(request), request.query.exhibitionId)),
  );
  app.post(
    '/api/v1/livegift',
    { config: { permission: 'liveGift.manage', feature: FEATURE }, schema: { summary: 'Add a gift to the catalogue (at most 30): free tokens with a display value in points, no payment', tags, body: liveGiftBody, response: { 200: okSchema(giftSchema) } } },
    async (request) => {
      const words = await checkText(app.deps, { name: request.body.name, nameEn: request.body.nameEn ?? undefined });
      return ok(await inTransaction(app, request, (ctx) => createGift(ctx, { ...request.body, name: words.name!, ...(request.body.nameEn ? { nameEn: words.nameEn! } : {}) })));
    },
  );
  app.patch(
    '/api/v1/livegift',
    {
      config: { permission: 'liveGift.manage', ...gate((id) => exhibitionOfGift(db, id), field('query', 'id')) },
      schema: { summary: 'Change a gift (only the fields sent)', tags, querystring: idQuery, body: liveGiftPatchBody, response: { 200: okSchema(giftSchema) } },
    },
    async (request) => {
      const words = await checkText(app.deps, { name: request.body.name, nameEn: request.body.nameEn ?? undefined });
      const body = { ...request.body, ...(request.body.name !== undefined ? { name: words.name! } : {}), ...(request.body.nameEn ? { nameEn: words.nameEn! } : {}) };
      return ok(await inTransaction(app, request, (ctx) => patchGift(ctx, request.query.id, body)));
    },
  );
  app.delete(
    '/api/v1/livegift',
    { config: { permission: 'liveGift.manage', ...gate((id) => exhibitionOfGift(db, id), field('query', 'id')) }, schema: { summary: 'Delete a gift (soft); what was sent keeps its records', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteGift(ctx, request.query.id));
      return ok(true);
    },
  );
  app.post(
    '/api/v1/livegift/record/page',
    { config: { permission: 'liveRoom.read', ...byRoom('body', 'roomId') }, schema: { summary: 'Gifts a room received, newest first, with the sender', tags, body: liveGiftRecordQuery, response: { 200: okSchema(page(liveGiftRecord)) } } },
    async (request) => {
      const { roomId, pageIndex, pageSize } = request.body;
      return ok(await giftRecordPage(db, userOf(request), roomId, { pageIndex, pageSize }));
    },
  );

  /* ---- chat (live-message) and viewers (live-circusee) ---- */

  app.post(
    '/api/v1/livemessage/page',
    { config: { permission: 'liveRoom.read', ...byFilter }, schema: { summary: 'Chat messages of the caller’s rooms, newest first (deleted ones left out). Filters exhibitionId, roomId, keyword (text or name)', tags, body: liveMessageQuery, response: { 200: okSchema(page(messageSchema)) } } },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await messagePage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );
  app.delete(
    '/api/v1/livemessage',
    {
      config: { permission: 'liveRoom.write', ...gate((id) => exhibitionOfMessage(db, id), field('query', 'id')) },
      schema: { summary: 'Delete a chat message (moderation): it disappears from every viewer’s chat at once', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      const { roomId } = await inTransaction(app, request, (ctx) => deleteMessage(ctx, request.query.id));
      await publishRoomEvent(shared, roomId, { type: 'messageDelete', id: request.query.id });
      return ok(true);
    },
  );
  app.post(
    '/api/v1/livemessage/mute',
    { config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') }, schema: { summary: 'Mute (or unmute) a visitor in the room: its messages are refused with 4093 LiveMuted', tags, body: liveMuteBody, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => muteViewer(ctx, request.body));
      return ok(request.body.muted);
    },
  );
  app.post(
    '/api/v1/livemessage',
    { config: { permission: 'liveRoom.write', ...byRoom('body', 'roomId') }, schema: { summary: 'The presenter’s own message in the room’s chat (sensitive words refused)', tags, body: livePresenterMessageBody, response: { 200: okSchema(messageSchema) } } },
    async (request) => {
      const { content } = await checkText(app.deps, { content: request.body.content });
      const message = await inTransaction(app, request, (ctx) => presenterMessage(ctx, request.body.roomId, content!));
      await publishRoomEvent(shared, message.roomId, { type: 'message', message });
      return ok(message);
    },
  );
  app.post(
    '/api/v1/liveviewer/page',
    { config: { permission: 'liveRoom.read', ...byFilter }, schema: { summary: 'Signed-in viewers of the caller’s rooms, most recent first, with visits and whether muted. Filters exhibitionId, roomId, keyword (name, phone, company)', tags, body: liveViewerQuery, response: { 200: okSchema(page(viewerSchema)) } } },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await viewerPage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );

};
