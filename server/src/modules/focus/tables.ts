import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibitor } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { product } from '../product/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An exhibitor's application to be featured (applyfocus, 推荐) on the public site, for itself or one of its products,
 * over a time window; audited (type `focus`) in the host's `focus` screen (docs/focus.md).
 */
export const focusApplication = pgTable(
  'focus_application',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    /** Set when a product is to be featured; null features the exhibitor. */
    productId: uuid('product_id').references(() => product.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** Order among the featured, set by the host on approval; lower first. */
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('focus_application_exhibition_idx').on(t.exhibitionId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('focus_application_live_idx').on(t.exhibitionId, t.auditState, t.startAt, t.endAt).where(sql`${t.deletedAt} is null`),
    index('focus_application_exhibitor_idx').on(t.exhibitorId),
  ],
);
