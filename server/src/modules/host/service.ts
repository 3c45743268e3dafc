import { and, count, eq, isNull } from 'drizzle-orm';
import { ErrorCode, Role } from '@pavilion/contract';
import { hashPassword } from '../../auth/password.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { guardUnique } from '../account/service.ts';
import { userAccount } from '../account/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { host, hostInUser } from './tables.ts';

export type NewHost = {
  name: string;
  nameEn?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  contactName?: string | null | undefined;
  email?: string | null | undefined;
};
export type NewLogin = { userName: string; password: string; name?: string | null; phoneNumber?: string | null; email?: string | null };

/**
 * Creates a host and its first login (role 1, the host's owner, with its host-in-user record) in
 * the caller's transaction, and logs it. A taken user name, phone or e-mail throws the matching
 * 409 and the caller's transaction rolls everything back.
 */
export async function createHostWithOwner(tx: Executor, actor: Actor, h: NewHost, login: NewLogin, action = 'host.create') {
  const [row] = await tx
    .insert(host)
    .values({ name: h.name, nameEn: h.nameEn ?? null, phoneNumber: h.phoneNumber ?? null, contactName: h.contactName ?? null, email: h.email ?? null })
    .returning();
  const passwordHash = await hashPassword(login.password);
  const [user] = await insertLogin(tx, {
    userName: login.userName,
    name: login.name ?? h.contactName ?? h.name,
    role: Role.Host,
    passwordHash,
    phoneNumber: login.phoneNumber ?? null,
    email: login.email ?? null,
  });
  const [owned] = await tx.update(host).set({ ownerUserId: user!.id }).where(eq(host.id, row!.id)).returning();
  await tx.insert(hostInUser).values({ hostId: row!.id, userId: user!.id, allExhibitions: true });
  await writeOpLog(tx, actor, { action, targetType: 'host', targetId: row!.id, hostId: row!.id, after: { ...owned, userName: user!.userName } });
  return { host: owned!, user: user! };
}

/** Refuses while the host still has (live) exhibitions. */
export async function assertNoExhibitions(tx: Executor, hostId: string) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(exhibition).where(and(eq(exhibition.hostId, hostId), isNull(exhibition.deletedAt)));
  if (n > 0) throw new AppError(ErrorCode.HostHasExhibitions);
}

const takenField: Partial<Record<ErrorCode, string>> = { [ErrorCode.UserNameTaken]: 'userName', [ErrorCode.PhoneTaken]: 'phoneNumber', [ErrorCode.EmailTaken]: 'email' };

/**
 * Inserts a login made by the platform or a host (its password is issued, so the first sign-in
 * sets a new one); a taken user name, phone or e-mail is its 409 naming the field.
 */
export async function insertLogin(tx: Executor, values: typeof userAccount.$inferInsert) {
  try {
    return await guardUnique(() => tx.insert(userAccount).values({ mustChangePassword: true, ...values }).returning());
  } catch (err) {
    const field = err instanceof AppError ? takenField[err.code] : undefined;
    if (field && err instanceof AppError) throw fieldError(field, 'taken', {}, err.code);
    throw err;
  }
}
