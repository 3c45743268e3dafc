import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AuditState } from '@pavilion/contract';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/tables.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { userAccount } from '../account/tables.ts';
import { category } from '../category/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const counter = (name: string) => integer(name).notNull().default(0);

/** A company's participation in one exhibition (the spec's "join"), with the listing fields of part 1 §3. */
export const exhibitor = pgTable(
  'exhibitor',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    banner: text('banner'),
    boothArea: text('booth_area'),
    boothInfo: text('booth_info'),
    topic: text('topic'),
    topicStart: at('topic_start'),
    topicEnd: at('topic_end'),
    topicType: integer('topic_type'),
    pTopic: text('p_topic'),
    pTopicStart: at('p_topic_start'),
    pTopicEnd: at('p_topic_end'),
    pTopicType: integer('p_topic_type'),
    isPopularize: boolean('is_popularize').notNull().default(false),
    isLiving: boolean('is_living').notNull().default(false),
    followCount: counter('follow_count'),
    likeCount: counter('like_count'),
    lookCount: counter('look_count'),
    proCount: counter('pro_count'),
    activityCount: counter('activity_count'),
    liveCount: counter('live_count'),
    continuouNumber: counter('continuou_number'),
    shareCount: counter('share_count'),
    talkCount: counter('talk_count'),
    thinkCount: counter('think_count'),
    userCount: counter('user_count'),
    viewCount: counter('view_count'),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    ...auditColumns,
    /** A host's own exhibitors need no review; a settling application's arrive approved too. */
    auditState: integer('audit_state').notNull().default(AuditState.Approved),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('exhibitor_exhibition_company_key').on(t.exhibitionId, t.companyId).where(sql`${t.deletedAt} is null`),
    index('exhibitor_company_id_idx').on(t.companyId),
    index('exhibitor_exhibition_show_index_idx').on(t.exhibitionId, t.showIndex, t.createdAt),
  ],
);

/** The join a record belongs to (cascading with it) and its exhibition, for per-exhibition lists. */
export const joinColumns = () => ({
  exhibitorId: uuid('exhibitor_id')
    .notNull()
    .references(() => exhibitor.id, { onDelete: 'cascade' }),
  exhibitionId: uuid('exhibition_id')
    .notNull()
    .references(() => exhibition.id, { onDelete: 'cascade' }),
});

/** The categories an exhibitor is tagged with (at most the exhibition's `exhibitorCategoryNumber`). */
export const exhibitorCategory = pgTable(
  'exhibitor_category',
  {
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    showIndex: integer('show_index').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'exhibitor_category_pkey', columns: [t.exhibitorId, t.categoryId] }), index('exhibitor_category_category_id_idx').on(t.categoryId)],
);

/** Live-stream lines and minutes the host allocated to an exhibitor; no row means none. */
export const exhibitorLiveLine = pgTable('exhibitor_live_line', {
  exhibitorId: uuid('exhibitor_id')
    .primaryKey()
    .references(() => exhibitor.id, { onDelete: 'cascade' }),
  lineCount: integer('line_count').notNull().default(0),
  /** Minutes. */
  duration: integer('duration').notNull().default(0),
  ...timestamps,
});

/** Greetings sent to visitors on an exhibitor's behalf (the exhibition's `sayHello` settings drive them). */
export const exhibitorSayHello = pgTable(
  'exhibitor_say_hello',
  {
    id: idColumn(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    visitorUserId: uuid('visitor_user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    visitorName: text('visitor_name'),
    content: text('content').notNull(),
    ...timestamps,
  },
  (t) => [index('exhibitor_say_hello_exhibitor_id_idx').on(t.exhibitorId, t.createdAt)],
);
