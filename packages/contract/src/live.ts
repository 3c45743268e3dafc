import { z } from 'zod';
import { auditedFields } from './audit.ts';
import { cacheBuster, id, idQuery, MAX_PAGE_SIZE, pageRequest } from './envelope.ts';
import { requiredUrl } from './url.ts';

/**
 * Live rooms (issue 14): the host's and exhibitors' rooms, their stream (signed push and pull URLs, an RTMP ingest in
 * process or an external media server), pushed products, gifts, chat, viewers, and the live-line quotas. Paths that
 * the spec names are kept as written; the rest (group 35) are ours. Decisions: docs/live.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
const showIndex = z.number().int().min(0).max(1_000_000);

export const LIVE_ROOM_PAGE_SIZE = 10;
/** Products kept in one room's list, and gifts in one exhibition's catalogue. */
export const MAX_ROOM_PRODUCTS = 50;
export const MAX_GIFTS = 30;
export const LIVE_MESSAGE_MAX_CHARS = 200;
/** How many recent chat messages a room page loads. */
export const LIVE_MESSAGE_BACKLOG = 50;
/** Gifts in one send. */
export const MAX_GIFT_COUNT = 99;
/** A viewer's chat messages per minute in one room, and gifts sends per minute. */
export const LIVE_MESSAGES_PER_MINUTE = 10;
export const LIVE_GIFTS_PER_MINUTE = 20;
/** How long a signed push URL stays valid (the ingest refuses it afterwards), and a pull URL. */
export const PUSH_URL_TTL_HOURS = 24;
export const PULL_URL_TTL_MINUTES = 120;

/**
 * Who owns a room: the host's own (`host`: its programme, the exhibition's special live), an exhibitor's
 * (`exhibitor`), or an activity's (`activity`: created when the host opens an activity's live application).
 */
export const liveRoomKinds = ['host', 'exhibitor', 'activity'] as const;
export const liveRoomKind = z.enum(liveRoomKinds);
export type LiveRoomKind = z.infer<typeof liveRoomKind>;

/** `idle`: never streamed or stopped; `live`: a publisher is on the ingest now; `ended`: the host closed the room. */
export const liveStates = ['idle', 'live', 'ended'] as const;
export const liveState = z.enum(liveStates);
export type LiveState = z.infer<typeof liveState>;

/** One room as the back office reads it. `exhibitorId` null: the host's own or an activity's of the host. */
export const liveRoom = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id.nullable(),
  companyName: z.string().nullable(),
  activityId: id.nullable(),
  kind: liveRoomKind,
  title: z.string(),
  titleEn: z.string().nullable(),
  cover: z.string().nullable(),
  introduction: z.string(),
  /** When the presenter plans to go live (shown as a countdown); null: no plan. */
  planStartAt: when.nullable(),
  planEndAt: when.nullable(),
  liveState,
  /** The current (or last) stream's start; null when never streamed. */
  liveStartedAt: when.nullable(),
  /** Seconds streamed in all, counted from the ingest. */
  streamedSeconds: z.number().int(),
  giftEnabled: z.boolean(),
  giftNotice: z.string().nullable(),
  viewCount: z.number().int(),
  /** Viewers on the room page now (across instances). */
  onlineCount: z.number().int(),
  giftCount: z.number().int(),
  messageCount: z.number().int(),
  isShow: z.boolean(),
  showIndex: z.number().int(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type LiveRoom = z.infer<typeof liveRoom>;

const roomFields = z.object({
  title: text(100).min(1),
  titleEn: text(200).nullish(),
  cover: requiredUrl(2000).nullish(),
  introduction: text(2000),
  planStartAt: when.nullish(),
  planEndAt: when.nullish(),
  isShow: z.boolean(),
  showIndex,
});

/**
 * `POST /api/v1/liveroom`: the host's own room (no `exhibitorId`), the host's for an exhibitor, or the exhibitor's
 * own. An exhibitor's room is audited (type `liveroom`, the `Live` switches); the host's is approved when saved.
 * Needs the exhibition's `enabledLive`, and `enabledExhibitorLive` for an exhibitor's, `enabledSpecialLive` for the host's.
 */
export const liveRoomCreateBody = roomFields
  .extend({
    introduction: roomFields.shape.introduction.default(''),
    isShow: roomFields.shape.isShow.default(true),
    showIndex: showIndex.default(0),
  })
  .extend({ exhibitionId: id, exhibitorId: id.nullish() });
export type LiveRoomCreateBody = z.infer<typeof liveRoomCreateBody>;

/**
 * `PATCH /api/v1/liveroom?id` (part 2: review edit and gift control): only the fields sent change. An exhibitor's
 * change of title, cover or introduction goes back to the host's audit; `giftEnabled` and `isShow` do not.
 */
export const liveRoomPatchBody = roomFields.partial().extend({ giftEnabled: z.boolean().optional(), liveState: z.enum(['idle', 'ended']).optional() });
export type LiveRoomPatchBody = z.infer<typeof liveRoomPatchBody>;

/** `POST /api/v1/liveroom/page`: the host's exhibition's rooms (all kinds), an exhibitor's own. */
export const liveRoomQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIVE_ROOM_PAGE_SIZE),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  kind: liveRoomKind.optional(),
  keyword: text(100).optional(),
  liveState: liveState.optional(),
  auditState: auditedFields.auditState.optional(),
});
export type LiveRoomQuery = z.infer<typeof liveRoomQuery>;
export const liveRoomGetQuery = idQuery.extend(cacheBuster.shape);

/**
 * `GET /api/v1/liveroom/stream?id`: what the presenter pastes into OBS. `pushUrl` is the whole signed address;
 * `server` and `streamKey` are the same split the way OBS asks for them. Pull URLs are what a viewer's player reads.
 */
export const liveStream = z.object({
  roomId: id,
  pushUrl: z.string(),
  server: z.string(),
  streamKey: z.string(),
  expiresAt: when,
  flvUrl: z.string(),
  hlsUrl: z.string(),
  liveState,
});
export type LiveStream = z.infer<typeof liveStream>;
/** `POST /api/v1/liveroom/stream/regenerate?id`: a new key; the old URL stops working and its publisher is cut. */

/* Pushed products (part 2 §live rooms). */

/** A product in a room's list; `pushed` while it shows on viewers' screens (one at a time per room). */
export const livePushProduct = z.object({
  roomId: id,
  productId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  picture: z.string().nullable(),
  price: z.string().nullable(),
  showIndex: z.number().int(),
  pushed: z.boolean(),
  pushedAt: when.nullable(),
});
export type LivePushProduct = z.infer<typeof livePushProduct>;
/** `POST /api/v1/liveroom/backstage/livepushproduct`: the room's own exhibitor's product, or any of the exhibition for a host room. */
export const livePushProductAddBody = z.object({ roomId: id, productIds: z.array(id).min(1).max(MAX_ROOM_PRODUCTS) });
export const livePushProductListQuery = z.object({ roomId: id }).extend(cacheBuster.shape);
export const livePushProductDeleteQuery = z.object({ roomId: id, productId: id });
/** `POST …/livepushproduct/push` and `/push/cancel`. */
export const livePushBody = z.object({ roomId: id, productId: id });

/* Gifts (group 35). */

export const liveGift = z.object({
  id,
  exhibitionId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  icon: z.string(),
  /** Display value in points; gifts are free tokens of appreciation, no payment (docs/live.md). */
  points: z.number().int(),
  isShow: z.boolean(),
  showIndex: z.number().int(),
});
export type LiveGift = z.infer<typeof liveGift>;
export const liveGiftBody = z.object({
  exhibitionId: id,
  name: text(20).min(1),
  nameEn: text(40).nullish(),
  icon: requiredUrl(2000),
  points: z.number().int().min(0).max(1_000_000).default(0),
  isShow: z.boolean().default(true),
  showIndex: showIndex.default(0),
});
export const liveGiftPatchBody = liveGiftBody.omit({ exhibitionId: true }).partial();
export const liveGiftListQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
/** `POST /api/v1/liveroom/push/enable-gift/notice`: switches gifts on or off and pushes the notice to the room's viewers. */
export const liveGiftNoticeBody = z.object({ roomId: id, enabled: z.boolean(), notice: text(200).optional() });
/** Gifts a room received, per gift and per viewer. */
export const liveGiftRecord = z.object({ id, roomId: id, giftId: id, giftName: z.string(), memberId: id, nickname: z.string(), count: z.number().int(), createAt: when });
export type LiveGiftRecord = z.infer<typeof liveGiftRecord>;
export const liveGiftRecordQuery = pageRequest.extend({ roomId: id });

/* Chat (`live-message`) and viewers (`live-circusee`). */

export const liveMessage = z.object({
  id,
  roomId: id,
  roomTitle: z.string(),
  memberId: id.nullable(),
  /** The visitor's display name, or the presenter's ("主播") for the room's own messages. */
  nickname: z.string(),
  fromPresenter: z.boolean(),
  content: z.string(),
  createAt: when,
});
export type LiveMessage = z.infer<typeof liveMessage>;
export const liveMessageQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  roomId: id.optional(),
  keyword: text(100).optional(),
});
/** `POST /api/v1/livemessage/mute`: the room's moderator mutes (or unmutes) a viewer in that room. */
export const liveMuteBody = z.object({ roomId: id, memberId: id, muted: z.boolean() });
/** The presenter's own message, from the back office. */
export const livePresenterMessageBody = z.object({ roomId: id, content: text(LIVE_MESSAGE_MAX_CHARS).min(1) });

export const liveViewer = z.object({
  roomId: id,
  roomTitle: z.string(),
  memberId: id,
  nickname: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  firstAt: when,
  lastAt: when,
  visits: z.number().int(),
  muted: z.boolean(),
});
export type LiveViewer = z.infer<typeof liveViewer>;
export const liveViewerQuery = pageRequest.extend({ exhibitionId: id.optional(), roomId: id.optional(), keyword: text(100).optional() });

/* Live lines (part 2 §live rooms): lines are concurrent streams, duration is minutes of streaming. */

/** An exhibition's pool, granted by the administrator; the host allocates part of it to exhibitors. */
export const liveLineExhibition = z.object({
  exhibitionId: id,
  exhibitionName: z.string(),
  lineCount: z.number().int(),
  duration: z.number().int(),
  /** Allocated to exhibitors, out of the pool. */
  allocatedLines: z.number().int(),
  allocatedDuration: z.number().int(),
  /** Minutes streamed by the host's own rooms (they draw on the unallocated part). */
  usedDuration: z.number().int(),
  /** Rooms streaming now, host and exhibitors'. */
  linesInUse: z.number().int(),
  updateAt: when.nullable(),
});
export type LiveLineExhibition = z.infer<typeof liveLineExhibition>;
export const liveLineExhibitionQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
/** `POST /api/v1/livelineexhibition/add-linecountwithduration` (administrator): adds to the pool (negative takes back, never below what is allocated). */
export const liveLineExhibitionAddBody = z.object({ exhibitionId: id, lineCount: z.number().int().min(-1000).max(1000), duration: z.number().int().min(-10_000_000).max(10_000_000) });
/** `POST /api/v1/livelineexhibition/allocation` (host): sets an exhibitor's lines and minutes, within the pool. */
export const liveLineAllocationBody = z.object({ exhibitionId: id, exhibitorId: id, lineCount: z.number().int().min(0).max(1000), duration: z.number().int().min(0).max(10_000_000) });
export const liveLineExhibitionPageQuery = pageRequest.extend({ keyword: text(100).optional(), hostId: id.optional() });

/** One exhibitor's allocation and what it used. */
export const liveLineExhibitor = z.object({
  exhibitorId: id,
  exhibitionId: id,
  companyName: z.string(),
  lineCount: z.number().int(),
  duration: z.number().int(),
  usedDuration: z.number().int(),
  linesInUse: z.number().int(),
  updateAt: when.nullable(),
});
export type LiveLineExhibitor = z.infer<typeof liveLineExhibitor>;
/** `POST /api/v1/livelineexhibitor/add-linecountwithduration` (host): adds to an exhibitor's allocation, within the pool. */
export const liveLineExhibitorAddBody = z.object({ exhibitorId: id, lineCount: z.number().int().min(-1000).max(1000), duration: z.number().int().min(-10_000_000).max(10_000_000) });
export const liveLineExhibitorPageQuery = pageRequest.extend({ exhibitionId: id, keyword: text(100).optional() });

/* The visitor site (group 35, under /api/v1/expo/:exhibitionId/live). */

/** A room card on the live hall and the site's home. */
export const expoLiveRoomCard = z.object({
  id,
  kind: liveRoomKind,
  exhibitorId: id.nullable(),
  companyName: z.string().nullable(),
  activityId: id.nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
  cover: z.string().nullable(),
  liveState,
  planStartAt: when.nullable(),
  onlineCount: z.number().int(),
  viewCount: z.number().int(),
});
export type ExpoLiveRoomCard = z.infer<typeof expoLiveRoomCard>;
/** `GET /api/v1/expo/:id/live`: shown, approved rooms; live first, then planned by start, then the rest. */
export const expoLiveRoomsQuery = z.object({ pageIndex: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(20), exhibitorId: id.optional() });

/** `GET /api/v1/expo/:id/live/:roomId`: the room page. Pull URLs only while live. */
export const expoLiveRoom = expoLiveRoomCard.extend({
  introduction: z.string(),
  flvUrl: z.string().nullable(),
  hlsUrl: z.string().nullable(),
  giftEnabled: z.boolean(),
  giftNotice: z.string().nullable(),
  gifts: z.array(liveGift),
  pushed: livePushProduct.nullable(),
  products: z.array(livePushProduct),
});
export type ExpoLiveRoom = z.infer<typeof expoLiveRoom>;
export const expoLiveMessageBody = z.object({ content: text(LIVE_MESSAGE_MAX_CHARS).min(1) });
export const expoLiveGiftBody = z.object({ giftId: id, count: z.number().int().min(1).max(MAX_GIFT_COUNT).default(1) });

/**
 * Server-Sent Events of a room (`GET /api/v1/expo/:id/live/:roomId/events`), unnamed events whose data is one of
 * these; fanned out across instances through SharedState.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), liveState, liveStartedAt: when.nullable() }),
  z.object({ type: z.literal('push'), product: livePushProduct }),
  z.object({ type: z.literal('pushCancel'), productId: id }),
  z.object({ type: z.literal('gift'), giftId: id, giftName: z.string(), icon: z.string(), nickname: z.string(), count: z.number().int() }),
  z.object({ type: z.literal('giftSwitch'), enabled: z.boolean(), notice: z.string().nullable() }),
  z.object({ type: z.literal('message'), message: liveMessage }),
  z.object({ type: z.literal('messageDelete'), id }),
  z.object({ type: z.literal('viewers'), onlineCount: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
