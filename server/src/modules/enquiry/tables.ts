import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { userAccount } from '../../core/tables.ts';
import { joinColumns } from '../exhibitor/tables.ts';
import { product } from '../product/tables.ts';
import { liveRoom } from '../live/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visitor's enquiry (询盘) to an exhibitor about its booth, one of its products, or from a live room (docs/matching.md).
 * The contact fields are a copy of the visitor's registration, kept only when the visitor agreed to share them.
 * Audited (type `enquiry`) when the exhibition's NewEnquiry switch (Sample for a sample request) says so; the exhibitor
 * sees it once approved.
 */
export const enquiry = pgTable(
  'enquiry',
  {
    id: idColumn(),
    ...joinColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => product.id, { onDelete: 'set null' }),
    liveRoomId: uuid('live_room_id').references(() => liveRoom.id, { onDelete: 'set null' }),
    /** `booth` | `product` | `live` (the contract's `enquirySources`). */
    source: text('source').notNull(),
    content: text('content').notNull(),
    isSample: boolean('is_sample').notNull().default(false),
    shareContact: boolean('share_contact').notNull().default(false),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    contactCompany: text('contact_company'),
    /** `new` | `read` | `answered` | `closed`. */
    state: text('state').notNull().default('new'),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    repliedBy: uuid('replied_by').references(() => userAccount.id, { onDelete: 'set null' }),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('enquiry_exhibitor_idx').on(t.exhibitorId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('enquiry_exhibition_idx').on(t.exhibitionId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('enquiry_user_idx').on(t.userId, t.createdAt.desc()),
    index('enquiry_live_room_idx').on(t.liveRoomId).where(sql`${t.liveRoomId} is not null`),
  ],
);
