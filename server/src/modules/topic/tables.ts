import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibitor } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A themed zone (专题) or brand zone (品牌专区) of an exhibition, with its time window (docs/topics.md). Placing an
 * exhibitor in it writes the exhibitor's `topic…` (or `pTopic…`) fields, which the public lists already read.
 */
export const topic = pgTable(
  'topic',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    /** `topic` | `brand`. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    banner: text('banner'),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    startAt: at('start_at'),
    endAt: at('end_at'),
    /** The exhibitor's `topicType` / `pTopicType` written on placement. */
    topicType: integer('topic_type'),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    /** Exhibitors may apply to it. */
    applyOpen: boolean('apply_open').notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('topic_exhibition_kind_name_key').on(t.exhibitionId, t.kind, t.name).where(sql`${t.deletedAt} is null`),
    index('topic_exhibition_idx').on(t.exhibitionId, t.kind, t.sort).where(sql`${t.deletedAt} is null`),
  ],
);

/** An exhibitor's application to a topic, audited (type `topic`, the Theme switches) in `topic-audit/info`. */
export const topicApplication = pgTable(
  'topic_application',
  {
    id: idColumn(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topic.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    // One live application per exhibitor and topic: a rejected one is edited and submitted again.
    uniqueIndex('topic_application_key').on(t.topicId, t.exhibitorId).where(sql`${t.deletedAt} is null`),
    index('topic_application_exhibition_idx').on(t.exhibitionId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('topic_application_exhibitor_idx').on(t.exhibitorId),
  ],
);
