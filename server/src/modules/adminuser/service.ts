import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, Role, toPage, type AdminUser, type adminUserQuery, type createAdminUserBody, type updateAdminUserBody } from '@pavilion/contract';
import type { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { guardUnique } from '../account/service.ts';
import { revokeUserSessions } from '../account/sessions.ts';
import { userAccount } from '../account/tables.ts';
import { insertLogin } from '../host/service.ts';
import { adminUserRemoval } from './tables.ts';
import { containing } from '../../db/like.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';

type UserRow = typeof userAccount.$inferSelect;

/** Administrator logins that were not deleted. */
const live = and(eq(userAccount.role, Role.Admin), isNull(adminUserRemoval.userId));

const toAdminUser = (u: UserRow, me: UserPrincipal): AdminUser => ({
  id: u.id,
  userName: u.userName,
  name: u.name,
  phoneNumber: u.phoneNumber,
  email: u.email,
  isDisabled: u.isDisabled,
  isSelf: u.id === me.userId,
  createAt: u.createdAt.toISOString(),
});

const fromLive = (db: Executor) => db.select({ u: userAccount }).from(userAccount).leftJoin(adminUserRemoval, eq(adminUserRemoval.userId, userAccount.id));

export async function adminUserPage(db: Executor, me: UserPrincipal, q: z.infer<typeof adminUserQuery>) {
  const where: SQL | undefined = and(
    live,
    q.keyword ? or(ilike(userAccount.userName, containing(q.keyword)), ilike(userAccount.name, containing(q.keyword)), ilike(userAccount.phoneNumber, containing(q.keyword))) : undefined,
    q.isDisabled !== undefined ? eq(userAccount.isDisabled, q.isDisabled) : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userAccount).leftJoin(adminUserRemoval, eq(adminUserRemoval.userId, userAccount.id)).where(where);
  const rows = await fromLive(db)
    .where(where)
    .orderBy(asc(userAccount.createdAt), asc(userAccount.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map((r) => toAdminUser(r.u, me)), n, q);
}

export async function loadAdminUser(db: Executor, me: UserPrincipal, id: string): Promise<AdminUser> {
  const [row] = await fromLive(db).where(and(live, eq(userAccount.id, id)));
  if (!row) throw notFound('adminUser');
  return toAdminUser(row.u, me);
}

/**
 * Locks every administrator row (`FOR UPDATE`) and refuses when taking `id` out of service leaves
 * no active administrator. Two concurrent removals of the last two wait on the same locks; the
 * second re-reads the first's change (a deletion also disables) and is refused.
 */
async function assertAnotherActive(tx: Executor, id: string) {
  const admins = await tx.execute(sql`select id, is_disabled from user_account where role = ${Role.Admin} order by id for update`);
  const rows = (admins as unknown as { rows: { id: string; is_disabled: boolean }[] }).rows;
  if (!rows.some((r) => r.id !== id && !r.is_disabled)) throw new AppError(ErrorCode.LastAdministrator);
}

export async function createAdminUser(tx: Executor, actor: Actor, b: z.infer<typeof createAdminUserBody>) {
  const passwordHash = await hashPassword(b.password);
  const [user] = await insertLogin(tx, { userName: b.userName, name: b.name ?? b.userName, role: Role.Admin, passwordHash, phoneNumber: b.phoneNumber ?? null });
  await writeOpLog(tx, actor, { action: 'adminUser.create', targetType: 'adminUser', targetId: user!.id, after: { userName: user!.userName, name: user!.name, phoneNumber: user!.phoneNumber } });
  return user!.id;
}

export async function updateAdminUser(tx: Executor, actor: Actor, me: UserPrincipal, id: string, b: z.infer<typeof updateAdminUserBody>) {
  const before = await loadAdminUser(tx, me, id);
  const disabling = b.isDisabled === true && !before.isDisabled;
  if (disabling) {
    // The platform rule first: the last administrator deleting itself learns why it is refused.
    await assertAnotherActive(tx, id);
    if (before.isSelf) throw new AppError(ErrorCode.AdministratorSelf);
  }
  const values = Object.fromEntries(Object.entries({ name: b.name, phoneNumber: b.phoneNumber, isDisabled: b.isDisabled }).filter(([, v]) => v !== undefined));
  if (!Object.keys(values).length) return;
  try {
    await guardUnique(() => tx.update(userAccount).set(values).where(eq(userAccount.id, id)));
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.PhoneTaken) throw fieldError('phoneNumber', 'taken', {}, ErrorCode.PhoneTaken);
    throw err;
  }
  if (disabling) await revokeUserSessions(tx, id, 'administrator disabled');
  await principalsChanged(tx, { userIds: [id] });
  const picked = (o: Record<string, unknown>) => Object.fromEntries(Object.keys(values).map((k) => [k, o[k]]));
  await writeOpLog(tx, actor, { action: 'adminUser.update', targetType: 'adminUser', targetId: id, before: picked(before), after: values });
}

/** Deletes (disables, marks removed, ends every sign-in) an administrator other than the caller, never the last active one. */
export async function deleteAdminUser(tx: Executor, actor: Actor, me: UserPrincipal, id: string) {
  const before = await loadAdminUser(tx, me, id);
  await assertAnotherActive(tx, id);
  if (before.isSelf) throw new AppError(ErrorCode.AdministratorSelf);
  await tx.update(userAccount).set({ isDisabled: true }).where(eq(userAccount.id, id));
  await principalsChanged(tx, { userIds: [id] });
  await tx.insert(adminUserRemoval).values({ userId: id, removedBy: me.userId });
  await revokeUserSessions(tx, id, 'administrator deleted');
  await writeOpLog(tx, actor, {
    action: 'adminUser.delete',
    targetType: 'adminUser',
    targetId: id,
    before: { userName: before.userName, name: before.name, phoneNumber: before.phoneNumber, isDisabled: before.isDisabled },
  });
}
