import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode, Role, type TokenInfo } from '@pavilion/contract';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { AppError, notFound, uniqueViolation } from '../../http/errors.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { company, companyUser, exhibitor } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { host, hostInUser } from '../host/tables.ts';
import { requireCode } from '../verification/service.ts';
import { revokeUserSessions, startSession } from './sessions.ts';
import { userAccount } from './tables.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';

type UserRow = typeof userAccount.$inferSelect;

export const findUserByName = async (db: Executor, name: string) =>
  (await db.select().from(userAccount).where(sql`lower(${userAccount.userName}) = lower(${name.trim()})`))[0];
export const findUserByPhone = async (db: Executor, phone: string) =>
  (await db.select().from(userAccount).where(eq(userAccount.phoneNumber, phone.trim())))[0];
export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(userAccount).where(sql`lower(${userAccount.email}) = lower(${email.trim()})`))[0];
export const findUserById = async (db: Executor, id: string) => (await db.select().from(userAccount).where(eq(userAccount.id, id)))[0];

export type Credentials = { userName: string; password: string; captchaKey?: string | undefined; captchaCode?: string | undefined };

/**
 * Name and password; the same answer for "no such user" and "wrong password". Attempts are limited
 * per IP (a stranger spraying names). Wrong passwords are counted per account, and past the limit
 * the account's logins need the image captcha: a stranger can make the owner solve a captcha but
 * never locks them out (OWASP ASVS 2.2.1, docs/security.md).
 */
export async function checkPassword(db: Executor, deps: Deps, credentials: Credentials, ip: string): Promise<UserRow> {
  const { userName, password, captchaKey, captchaCode } = credentials;
  await enforceLimits(deps.shared, [LIMITS.loginPerIp(ip, deps.config.rateLimits.loginPerIp)]);
  const failures = LIMITS.passwordFailures(userName);
  if ((await deps.shared.peek(failures.key)) >= failures.limit) {
    if (!captchaKey || !captchaCode) throw new AppError(ErrorCode.CaptchaRequired, {}, undefined, undefined, [{ field: 'captchaCode', issue: ErrorCode.CaptchaRequired }]);
    await requireCode(db, { channel: 'captcha', purpose: 'image', target: captchaKey, code: captchaCode });
  }
  const user = await findUserByName(db, userName);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await deps.shared.hit(failures.key, failures.limit, failures.windowSeconds);
    throw new AppError(ErrorCode.WrongPassword);
  }
  if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
  await deps.shared.reset(failures.key);
  return user;
}

const wrongIdentity = () => new AppError(ErrorCode.WrongLoginIdentity);

export async function loginAdmin(db: Executor, deps: Deps, credentials: Credentials, ip: string) {
  const user = await checkPassword(db, deps, credentials, ip);
  if (user.role !== Role.Admin) throw wrongIdentity();
  return { tokenInfo: await startSession(db, deps, user, deps.config.webClient.id), userId: user.id };
}

export async function hostIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: host.id })
    .from(hostInUser)
    .innerJoin(host, and(eq(host.id, hostInUser.hostId), isNull(host.deletedAt)))
    .where(eq(hostInUser.userId, userId))
    .orderBy(host.createdAt);
  return rows.map((r) => r.id);
}

export async function loginHost(db: Executor, deps: Deps, credentials: Credentials, ip: string) {
  const user = await checkPassword(db, deps, credentials, ip);
  if (user.role !== Role.Host) throw wrongIdentity();
  const [hostId] = await hostIdsOf(db, user.id);
  if (!hostId) throw wrongIdentity();
  return { tokenInfo: await startSession(db, deps, user, deps.config.webClient.id), userId: user.id, id: hostId };
}

async function exhibitorOf(db: Executor, userId: string, exhibitionId: string) {
  const [row] = await db
    .select({ exhibitorId: exhibitor.id, companyId: exhibitor.companyId })
    .from(exhibitor)
    .innerJoin(companyUser, and(eq(companyUser.companyId, exhibitor.companyId), eq(companyUser.userId, userId)))
    .innerJoin(company, and(eq(company.id, exhibitor.companyId), isNull(company.deletedAt)))
    .innerJoin(exhibition, and(eq(exhibition.id, exhibitor.exhibitionId), isNull(exhibition.deletedAt)))
    .where(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt)));
  return row;
}

async function exhibitorSession(db: Executor, deps: Deps, user: UserRow, exhibitionId: string) {
  if (user.role === Role.Host || user.role === Role.Admin || user.role === Role.Visitor) throw wrongIdentity();
  const ex = await exhibitorOf(db, user.id, exhibitionId);
  if (!ex) throw new AppError(ErrorCode.NotExhibitorOfExhibition);
  return {
    tokenInfo: await startSession(db, deps, user, deps.config.webClient.id, exhibitionId),
    userId: user.id,
    exhibitorId: ex.exhibitorId,
    exhibitionId,
    companyId: ex.companyId,
  };
}

export async function loginExhibitor(db: Executor, deps: Deps, body: Credentials & { exhibitionId: string }, ip: string) {
  const user = await checkPassword(db, deps, body, ip);
  return exhibitorSession(db, deps, user, body.exhibitionId);
}

export async function loginExhibitorByPhone(
  db: Executor,
  deps: Deps,
  body: { phoneNumber: string; code: string; exhibitionId: string },
  ip: string,
) {
  await enforceLimits(deps.shared, [LIMITS.loginPerIp(ip, deps.config.rateLimits.loginPerIp), LIMITS.loginPerAccount(body.phoneNumber)]);
  await requireCode(db, { channel: 'sms', purpose: 'login', target: body.phoneNumber, code: body.code });
  const user = await findUserByPhone(db, body.phoneNumber);
  if (!user) throw new AppError(ErrorCode.PhoneNotRegistered);
  if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
  return exhibitorSession(db, deps, user, body.exhibitionId);
}

/** Unique-constraint violations become the matching 409, never a 500. */
export async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'user_account_user_name_key') throw new AppError(ErrorCode.UserNameTaken);
    if (constraint === 'user_account_phone_number_key') throw new AppError(ErrorCode.PhoneTaken);
    if (constraint === 'user_account_email_key') throw new AppError(ErrorCode.EmailTaken);
    throw err;
  }
}

export async function register(
  db: Executor,
  deps: Deps,
  body: { userName: string; password: string; name?: string | undefined; phoneNumber?: string | undefined; code?: string | undefined },
  actor: Actor,
) {
  if (await findUserByName(db, body.userName)) throw new AppError(ErrorCode.UserNameTaken);
  if (body.phoneNumber) {
    if (!body.code)
      throw new AppError(ErrorCode.ValidationFailed, { detail: 'code' }, [{ field: 'code', message: 'code' }]);
    if (await findUserByPhone(db, body.phoneNumber)) throw new AppError(ErrorCode.PhoneTaken);
    await requireCode(db, { channel: 'sms', purpose: 'register', target: body.phoneNumber, code: body.code });
  }
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [user] = await guardUnique(() =>
      tx
        .insert(userAccount)
        .values({ userName: body.userName, name: body.name ?? null, role: Role.Exhibitor, passwordHash, phoneNumber: body.phoneNumber ?? null })
        .returning(),
    );
    await writeOpLog(tx, actor, { action: 'account.register', targetType: 'user', targetId: user!.id, after: { userName: user!.userName } });
    return user!;
  });
}

export async function setPassword(db: Executor, target: { userId: string; password: string }, actor: Actor) {
  const user = await findUserById(db, target.userId);
  if (!user) throw notFound('user');
  const passwordHash = await hashPassword(target.password);
  await db.transaction(async (tx) => {
    await tx.update(userAccount).set({ passwordHash, mustChangePassword: true }).where(eq(userAccount.id, user.id));
    await principalsChanged(tx, { userIds: [user.id] });
    await revokeUserSessions(tx, user.id, 'password set by administrator');
    await writeOpLog(tx, actor, { action: 'account.password.set', targetType: 'user', targetId: user.id });
  });
}

export async function changeOwnPassword(db: Executor, deps: Deps, me: UserPrincipal, body: { oldPassword: string; password: string }, actor: Actor) {
  await enforceLimits(deps.shared, [LIMITS.loginPerAccount(me.userName)]);
  const user = await findUserById(db, me.userId);
  if (!user || !(await verifyPassword(body.oldPassword, user.passwordHash)))
    throw new AppError(ErrorCode.WrongPassword, {}, [{ field: 'oldPassword', message: 'oldPassword' }]);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(userAccount).set({ passwordHash, mustChangePassword: false }).where(eq(userAccount.id, user.id));
    await revokeUserSessions(tx, user.id, 'password changed', me.sessionId);
    await principalsChanged(tx, { userIds: [user.id] });
    await writeOpLog(tx, actor, { action: 'account.password.change', targetType: 'user', targetId: user.id });
  });
}

/** Reset by a code sent to the account's phone or e-mail (purpose `reset`). */
export async function resetPassword(db: Executor, body: { account: string; code: string; password: string }, actor: Actor) {
  const byEmail = body.account.includes('@');
  const user = byEmail ? await findUserByEmail(db, body.account) : await findUserByPhone(db, body.account);
  await requireCode(db, { channel: byEmail ? 'email' : 'sms', purpose: 'reset', target: body.account, code: body.code });
  if (!user) throw new AppError(byEmail ? ErrorCode.EmailNotRegistered : ErrorCode.PhoneNotRegistered);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(userAccount).set({ passwordHash, mustChangePassword: false }).where(eq(userAccount.id, user.id));
    await revokeUserSessions(tx, user.id, 'password reset');
    await writeOpLog(tx, actor, { action: 'account.password.reset', targetType: 'user', targetId: user.id });
  });
}

export async function updateUserName(db: Executor, me: UserPrincipal, userName: string, actor: Actor) {
  const user = await findUserById(db, me.userId);
  if (!user) throw notFound('user');
  const existing = await findUserByName(db, userName);
  if (existing && existing.id !== me.userId) throw new AppError(ErrorCode.UserNameTaken);
  return db.transaction(async (tx) => {
    const [updated] = await guardUnique(() => tx.update(userAccount).set({ userName }).where(eq(userAccount.id, me.userId)).returning());
    await principalsChanged(tx, { userIds: [me.userId] });
    await writeOpLog(tx, actor, {
      action: 'account.username.update',
      targetType: 'user',
      targetId: me.userId,
      before: { userName: user.userName },
      after: { userName },
    });
    return updated!;
  });
}

/** Sets a contact on the account after its checks passed; a clash is a 409. */
export async function setContact(db: Executor, userId: string, field: 'phoneNumber' | 'email', value: string, actor: Actor) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user');
  return db.transaction(async (tx) => {
    const [updated] = await guardUnique(() => tx.update(userAccount).set({ [field]: value }).where(eq(userAccount.id, userId)).returning());
    await writeOpLog(tx, actor, {
      action: field === 'email' ? 'account.email.update' : 'account.phone.update',
      targetType: 'user',
      targetId: userId,
      before: { [field]: user[field] },
      after: { [field]: value },
    });
    return updated!;
  });
}

export async function assertContactFree(db: Executor, field: 'phoneNumber' | 'email', value: string, userId: string) {
  const other = field === 'email' ? await findUserByEmail(db, value) : await findUserByPhone(db, value);
  if (other && other.id !== userId) throw new AppError(field === 'email' ? ErrorCode.EmailTaken : ErrorCode.PhoneTaken);
}

/** Signs a user in through a verified phone or e-mail code (the bind flow's token calls). */
export async function tokenByContact(db: Executor, deps: Deps, field: 'phoneNumber' | 'email', value: string): Promise<TokenInfo | null> {
  const user = field === 'email' ? await findUserByEmail(db, value) : await findUserByPhone(db, value);
  // A visitor signs in on the public site only (modules/member), bound to an exhibition.
  if (!user || user.isDisabled || user.role === Role.Visitor) return null;
  return startSession(db, deps, user, deps.config.webClient.id);
}

