import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';

export const userAccount = pgTable(
  'user_account',
  {
    id: idColumn(),
    userName: text('user_name').notNull(),
    name: text('name'),
    role: integer('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** The password was issued by the host or the platform: the next sign-in sets a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_account_user_name_key').on(sql`lower(${t.userName})`),
    uniqueIndex('user_account_phone_number_key').on(t.phoneNumber),
    uniqueIndex('user_account_email_key').on(sql`lower(${t.email})`),
  ],
);

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
