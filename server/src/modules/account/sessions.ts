import { and, eq, isNull } from 'drizzle-orm';
import type { TokenInfo, UserInfo } from '@pavilion/contract';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { randomToken, sha256, verifyPassword } from '../../auth/password.ts';
import { OAuthError } from '../../http/errors.ts';
import { authSession, oauthClient, refreshToken, userAccount } from './tables.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';

export const SCOPE = 'openid profile pavilion-api';

type UserRow = typeof userAccount.$inferSelect;

export const toUserInfo = (u: UserRow): UserInfo => ({
  id: u.id,
  userName: u.userName,
  name: u.name,
  role: u.role,
  phoneNumber: u.phoneNumber,
  email: u.email,
  mustChangePassword: u.mustChangePassword,
});

async function newRefreshToken(db: Executor, deps: Deps, sessionId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshToken).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtl * 1000),
  });
  return token;
}

/** Starts a sign-in (a refresh-token family) and answers the RFC 6749 token response. */
export async function startSession(
  db: Executor,
  deps: Deps,
  user: UserRow,
  clientId: string,
  exhibitionId: string | null = null,
): Promise<TokenInfo> {
  const [session] = await db.insert(authSession).values({ userId: user.id, clientId, exhibitionId }).returning();
  return tokenResponse(db, deps, user, session!);
}

async function tokenResponse(
  db: Executor,
  deps: Deps,
  user: UserRow,
  session: typeof authSession.$inferSelect,
): Promise<TokenInfo> {
  const access = await deps.tokens.sign({
    sub: user.id,
    sid: session.id,
    role: user.role as 0 | 1 | 2,
    ...(session.exhibitionId ? { exh: session.exhibitionId } : {}),
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: deps.tokens.ttlSeconds,
    refresh_token: await newRefreshToken(db, deps, session.id),
    scope: SCOPE,
    userInfo: toUserInfo(user),
  };
}

export async function revokeSession(db: Executor, sessionId: string, reason: string) {
  const revoked = await db
    .update(authSession)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)))
    .returning({ userId: authSession.userId });
  await principalsChanged(db, { userIds: revoked.flatMap((r) => (r.userId ? [r.userId] : [])) });
}

/** Ends every sign-in of a user, e.g. after a password change. */
export async function revokeUserSessions(db: Executor, userId: string, reason: string, exceptSessionId?: string) {
  const rows = await db.select({ id: authSession.id }).from(authSession).where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt)));
  for (const r of rows) if (r.id !== exceptSessionId) await revokeSession(db, r.id, reason);
}

/**
 * Rotation: each refresh token works once. Presenting a used one means it leaked, so the whole
 * family (the sign-in) is revoked, including the token the legitimate holder has now.
 */
export async function refreshSession(db: Executor, deps: Deps, presented: string, clientId: string): Promise<TokenInfo> {
  const [row] = await db
    .select({ token: refreshToken, session: authSession, user: userAccount })
    .from(refreshToken)
    .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
    .innerJoin(userAccount, eq(userAccount.id, authSession.userId))
    .where(eq(refreshToken.tokenHash, sha256(presented)));
  if (!row || row.session.clientId !== clientId) throw new OAuthError('invalid_grant', 'refreshInvalid');
  if (row.token.usedAt) {
    await revokeSession(db, row.session.id, 'refresh token reused');
    throw new OAuthError('invalid_grant', 'refreshReused');
  }
  if (row.session.revokedAt || row.token.expiresAt < new Date() || row.user.isDisabled)
    throw new OAuthError('invalid_grant', 'refreshExpired');
  const claimed = await db
    .update(refreshToken)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshToken.id, row.token.id), isNull(refreshToken.usedAt)))
    .returning({ id: refreshToken.id });
  if (claimed.length === 0) {
    await revokeSession(db, row.session.id, 'refresh token reused');
    throw new OAuthError('invalid_grant', 'refreshReused');
  }
  return tokenResponse(db, deps, row.user, row.session);
}

export async function authenticateClient(db: Executor, clientId: string | undefined, secret: string | undefined) {
  if (!clientId) throw new OAuthError('invalid_client', 'clientIdRequired');
  const [client] = await db.select().from(oauthClient).where(eq(oauthClient.id, clientId));
  if (!client || !secret || !(await verifyPassword(secret, client.secretHash)))
    throw new OAuthError('invalid_client', 'clientUnknown');
  return client;
}
