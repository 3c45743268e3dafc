import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibitor, userAccount } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { activity } from '../activity/tables.ts';
import { product } from '../product/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A live room (docs/live.md): the host's own (`exhibitorId` null), an exhibitor's, or an activity's (`activityId`, one
 * room per activity). Exhibitors' rooms are audited (type `liveroom`); the stream key signs its push URL and is
 * regenerated to cut a publisher off. `liveState` is written by the ingest's publish and unpublish.
 */
export const liveRoom = pgTable(
  'live_room',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').references(() => activity.id, { onDelete: 'cascade' }),
    /** `host` | `exhibitor` | `activity` (the contract's `liveRoomKinds`). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    cover: text('cover'),
    introduction: text('introduction').notNull().default(''),
    planStartAt: at('plan_start_at'),
    planEndAt: at('plan_end_at'),
    /** Random, unique; part of the push URL's path. */
    streamKey: text('stream_key').notNull(),
    /** `idle` | `live` | `ended`. */
    liveState: text('live_state').notNull().default('idle'),
    liveStartedAt: at('live_started_at'),
    streamedSeconds: integer('streamed_seconds').notNull().default(0),
    giftEnabled: boolean('gift_enabled').notNull().default(false),
    giftNotice: text('gift_notice'),
    viewCount: integer('view_count').notNull().default(0),
    giftCount: integer('gift_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('live_room_exhibition_idx').on(t.exhibitionId, t.liveState),
    index('live_room_exhibitor_idx').on(t.exhibitorId),
    uniqueIndex('live_room_stream_key_key').on(t.streamKey),
    uniqueIndex('live_room_activity_key').on(t.activityId).where(sql`${t.activityId} is not null and ${t.deletedAt} is null`),
  ],
);

/** Products in a room's list; `pushedAt` set on the one viewers see now (at most one per room). */
export const livePushProduct = pgTable(
  'live_push_product',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => liveRoom.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    showIndex: integer('show_index').notNull().default(0),
    pushedAt: at('pushed_at'),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'live_push_product_pkey', columns: [t.roomId, t.productId] }), uniqueIndex('live_push_product_pushed_key').on(t.roomId).where(sql`${t.pushedAt} is not null`)],
);

/** The exhibition's gift catalogue. */
export const liveGift = pgTable(
  'live_gift',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    icon: text('icon').notNull(),
    points: integer('points').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('live_gift_exhibition_idx').on(t.exhibitionId)],
);

/** One send of gifts by a signed-in visitor in a room. */
export const liveGiftSend = pgTable(
  'live_gift_send',
  {
    id: idColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => liveRoom.id, { onDelete: 'cascade' }),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => liveGift.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    ...timestamps,
  },
  (t) => [index('live_gift_send_room_idx').on(t.roomId, t.createdAt)],
);

/** Chat of a room: visitors' messages (`userId`) and the presenter's (`fromPresenter`). Deleted by moderation, kept for the record. */
export const liveMessage = pgTable(
  'live_message',
  {
    id: idColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => liveRoom.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    fromPresenter: boolean('from_presenter').notNull().default(false),
    content: text('content').notNull(),
    ...timestamps,
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [index('live_message_room_idx').on(t.roomId, t.createdAt)],
);

/** Signed-in viewers of a room (`live-circusee`), one row each with their visits; `mutedAt` while muted in the room. */
export const liveViewer = pgTable(
  'live_viewer',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => liveRoom.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    firstAt: at('first_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
    visits: integer('visits').notNull().default(1),
    mutedAt: at('muted_at'),
  },
  (t) => [primaryKey({ name: 'live_viewer_pkey', columns: [t.roomId, t.userId] }), index('live_viewer_last_idx').on(t.roomId, t.lastAt)],
);

/**
 * An exhibition's live-line pool, granted by the administrator: concurrent lines and minutes. Exhibitors' allocations
 * (`exhibitor_live_line`) come out of it; the host's own rooms stream on what is left, and count their seconds here.
 */
export const liveLineExhibition = pgTable('live_line_exhibition', {
  exhibitionId: uuid('exhibition_id')
    .primaryKey()
    .references(() => exhibition.id, { onDelete: 'cascade' }),
  lineCount: integer('line_count').notNull().default(0),
  /** Minutes. */
  duration: integer('duration').notNull().default(0),
  usedSeconds: integer('used_seconds').notNull().default(0),
  ...timestamps,
});
