import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibitor, userAccount } from '../../core/tables.ts';
import { exhibition, exhibitionHall, exhibitionTreeColumns, exhibitionTreeIndexes } from '../exhibition/tables.ts';
import { member } from '../member/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The host's activity categories: a two-level tree per exhibition (docs/activities.md). */
export const activityCategory = pgTable('activity_category', exhibitionTreeColumns((): AnyPgColumn => activityCategory.id), (t) => exhibitionTreeIndexes('activity_category', t));

/**
 * An activity of an exhibition: the host's own programme (`exhibitorId` null: forums, ceremonies, conferences) or an
 * exhibitor's launch in its booth. Exhibitors' activities are audited (type `activity`); the host's are approved
 * when saved. The live application (apply → audit → open) is its own small state machine beside the audit.
 */
export const activity = pgTable(
  'activity',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => activityCategory.id, { onDelete: 'set null' }),
    hallId: uuid('hall_id').references(() => exhibitionHall.id, { onDelete: 'set null' }),
    /** `forum` | `launch` | `conference` | `ceremony` | `other` (the contract's `activityKinds`). */
    kind: text('kind').notNull().default('other'),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    cover: text('cover'),
    /** Sanitised HTML per language. */
    introductionZh: text('introduction_zh').notNull().default(''),
    introductionEn: text('introduction_en').notNull().default(''),
    /** Where in the hall or booth (free text: "Room 3A", "Booth 2-105"). */
    venue: text('venue'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** Registration (needs the exhibition's `enabledActivityReg`). */
    regEnabled: boolean('reg_enabled').notNull().default(false),
    regStartAt: at('reg_start_at'),
    regEndAt: at('reg_end_at'),
    /** Seats; null is unlimited. Past it a registration waits when `waitlist`, else it is refused. */
    capacity: integer('capacity'),
    waitlist: boolean('waitlist').notNull().default(false),
    /** Registered (not waiting, not cancelled), kept in the registration's transaction. */
    regCount: integer('reg_count').notNull().default(0),
    waitCount: integer('wait_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** `published` | `cancelled` (the state patch); an activity past its end reads as ended. */
    state: text('state').notNull().default('published'),
    /** Live application: null none, then 0 pending, 1 approved, 2 rejected (as audit states); `liveOpen` once opened. */
    liveApplyState: integer('live_apply_state'),
    liveApplyReason: text('live_apply_reason'),
    liveAppliedAt: at('live_applied_at'),
    liveAuditAt: at('live_audit_at'),
    liveOpen: boolean('live_open').notNull().default(false),
    liveOpenedAt: at('live_opened_at'),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('activity_exhibition_start_idx').on(t.exhibitionId, t.startAt, t.id).where(sql`${t.deletedAt} is null`),
    index('activity_exhibitor_idx').on(t.exhibitorId, t.startAt).where(sql`${t.deletedAt} is null`),
    index('activity_hall_start_idx').on(t.hallId, t.startAt).where(sql`${t.deletedAt} is null`),
    index('activity_category_id_idx').on(t.categoryId),
  ],
);

/** An agenda item of an activity: a talk, a panel, a break, with its speakers. */
export const activitySchedule = pgTable(
  'activity_schedule',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** Speakers as `[{ name, title, avatar }]`. */
    speakers: jsonb('speakers').notNull().default([]),
    description: text('description').notNull().default(''),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('activity_schedule_activity_idx').on(t.activityId, t.startAt)],
);

/** A kind of ticket of an activity: how many, and when they can be taken. Free tickets only (no payment). */
export const activityTicketType = pgTable(
  'activity_ticket_type',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    quantity: integer('quantity').notNull(),
    /** Taken by registrations (not waiting, not cancelled), kept in the registration's transaction. */
    taken: integer('taken').notNull().default(0),
    saleStartAt: at('sale_start_at'),
    saleEndAt: at('sale_end_at'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('activity_ticket_type_activity_idx').on(t.activityId).where(sql`${t.deletedAt} is null`)],
);

/**
 * A visitor's registration for an activity, and its ticket: `ticketCode` (random, the QR's content) is issued when
 * the registration holds a seat; `checkedInAt` is set once, by the first scan (a conditional update).
 */
export const activityReg = pgTable(
  'activity_reg',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').references(() => activityTicketType.id, { onDelete: 'set null' }),
    /** `registered` | `waiting` | `cancelled`. */
    status: text('status').notNull(),
    /** Copied from the member for lists, search and exports. */
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    company: text('company'),
    /** The activity form's visible answers (docs/forms.md), when the activity has a form. */
    answers: jsonb('answers').notNull().default({}),
    ticketCode: text('ticket_code'),
    checkedInAt: at('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => userAccount.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('activity_reg_member_key').on(t.activityId, t.memberId).where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('activity_reg_ticket_code_key').on(t.ticketCode).where(sql`${t.ticketCode} is not null`),
    index('activity_reg_activity_idx').on(t.activityId, t.status, t.createdAt),
    index('activity_reg_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Live coverage of an activity: `image` items are the photo stream (图片直播), `text` items are posts of text with
 * pictures (图文直播). Visitors see new ones appear without reloading.
 */
export const activityLivePost = pgTable(
  'activity_live_post',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    /** `image` | `text`. */
    kind: text('kind').notNull(),
    content: text('content').notNull().default(''),
    pictures: jsonb('pictures').notNull().default([]),
    authorId: uuid('author_id').references(() => userAccount.id, { onDelete: 'set null' }),
    pinned: boolean('pinned').notNull().default(false),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('activity_live_post_activity_idx').on(t.activityId, t.kind, t.createdAt).where(sql`${t.deletedAt} is null`)],
);

/** A signed-in visitor who opened an activity's live coverage: the `activity/liveviewer` export's rows. */
export const activityLiveViewer = pgTable(
  'activity_live_viewer',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    visits: integer('visits').notNull().default(1),
    firstAt: at('first_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activity_live_viewer_key').on(t.activityId, t.memberId)],
);
