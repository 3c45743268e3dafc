import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { userAccount } from '../../core/tables.ts';

export { userAccount };

export const oauthClient = pgTable('oauth_client', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  grantTypes: text('grant_types').array().notNull(),
  ...timestamps,
});

/** One sign-in: the family that every rotated refresh token of that sign-in belongs to. */
export const authSession = pgTable(
  'auth_session',
  {
    id: idColumn(),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    exhibitionId: uuid('exhibition_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ...timestamps,
  },
  (t) => [index('auth_session_user_id_idx').on(t.userId)],
);

export const refreshToken = pgTable(
  'refresh_token',
  {
    id: idColumn(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('refresh_token_token_hash_key').on(t.tokenHash), index('refresh_token_session_id_idx').on(t.sessionId)],
);
