import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../db/columns.ts';

/** Every SMS and e-mail the platform sends, whatever the driver: the outbox driver stops here. */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: idColumn(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    driver: text('driver').notNull(),
    ...timestamps,
  },
  (t) => [index('message_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
