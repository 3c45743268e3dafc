import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibitor, userAccount } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A supply or demand post (供需, `/api/v3/supplydemand`) on an exhibition's board, by an exhibitor (`needs`) or a
 * signed-in visitor. Audited (type `supplydemand`) by the SupplyDemand switches; the board shows approved, shown posts
 * until `validUntil`.
 */
export const supplyDemand = pgTable(
  'supply_demand',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    /** `supply` | `demand`: the "selected type" part 1 §5 requires. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    validUntil: at('valid_until'),
    isShow: boolean('is_show').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('supply_demand_board_idx').on(t.exhibitionId, t.auditState, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('supply_demand_exhibitor_idx').on(t.exhibitorId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
    index('supply_demand_user_idx').on(t.userId),
  ],
);

/** A comment under a post, by a signed-in visitor or an exhibitor; the host hides or deletes it. */
export const supplyDemandComment = pgTable(
  'supply_demand_comment',
  {
    id: idColumn(),
    supplyDemandId: uuid('supply_demand_id')
      .notNull()
      .references(() => supplyDemand.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    isShow: boolean('is_show').notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('supply_demand_comment_post_idx').on(t.supplyDemandId, t.createdAt).where(sql`${t.deletedAt} is null`)],
);
