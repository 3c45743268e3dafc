import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';

/** SMS, e-mail and image codes, stored hashed; `target` is the phone, the e-mail or the captcha key. */
export const verificationCode = pgTable(
  'verification_code',
  {
    id: idColumn(),
    channel: text('channel').notNull(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('verification_code_lookup_idx').on(t.channel, t.purpose, t.target)],
);
