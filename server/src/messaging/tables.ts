import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    /** sent | failed (the driver refused it) | noBalance (SMS balance at 0: recorded, not delivered) */
    status: text('status').notNull().default('sent'),
    ...timestamps,
  },
  (t) => [index('message_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/**
 * The platform's SMS account (one row, id `platform`). `balance` is the remaining number of
 * messages, counted down by every SMS the messenger sends; null means not metered.
 */
export const smsAccount = pgTable('sms_account', {
  id: text('id').primaryKey().default('platform'),
  provider: text('provider'),
  signName: text('sign_name'),
  accountId: text('account_id'),
  accountKey: text('account_key'),
  balance: integer('balance'),
  ...timestamps,
});
