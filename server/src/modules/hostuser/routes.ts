import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  createHostUserBody,
  ErrorCode,
  hostUser as hostUserSchema,
  hostUserAllQuery,
  hostUserExhibitionBody,
  hostUserExhibitionQuery,
  hostUserQuery,
  ok as okSchema,
  page,
  Role,
  toPage,
  updateHostUserBody,
  type HostUser,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { hashPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { hostInUserScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { guardUnique } from '../account/service.ts';
import { revokeUserSessions } from '../account/sessions.ts';
import { userAccount } from '../account/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { insertLogin } from '../host/service.ts';
import { host, hostInUser } from '../host/tables.ts';
import { hostInUserExhibition } from './tables.ts';
import { containing } from '../../db/like.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';

const tags = ['host user'];

/** The host users matching `where` (already scoped), with their exhibitions. */
async function loadHostUsers(db: Executor, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<HostUser[]> {
  const base = db
    .select({ hu: hostInUser, u: userAccount, ownerUserId: host.ownerUserId })
    .from(hostInUser)
    .innerJoin(userAccount, eq(userAccount.id, hostInUser.userId))
    .innerJoin(host, and(eq(host.id, hostInUser.hostId), isNull(host.deletedAt)))
    .where(where)
    .orderBy(sql`${host.ownerUserId} = ${hostInUser.userId} desc`, asc(hostInUser.createdAt));
  const rows = paging ? await base.limit(paging.limit).offset(paging.offset) : await base;
  const links = rows.length
    ? await db
        .select({ hostInUserId: hostInUserExhibition.hostInUserId, exhibitionId: hostInUserExhibition.exhibitionId })
        .from(hostInUserExhibition)
        .innerJoin(exhibition, and(eq(exhibition.id, hostInUserExhibition.exhibitionId), isNull(exhibition.deletedAt)))
        .where(inArray(hostInUserExhibition.hostInUserId, rows.map((r) => r.hu.id)))
        .orderBy(asc(hostInUserExhibition.createdAt))
    : [];
  return rows.map(({ hu, u, ownerUserId }) => {
    const isOwner = ownerUserId === u.id;
    return {
      id: hu.id,
      hostId: hu.hostId,
      userId: u.id,
      userName: u.userName,
      name: u.name,
      phoneNumber: u.phoneNumber,
      email: u.email,
      isOwner,
      isDisabled: u.isDisabled,
      allExhibitions: isOwner || hu.allExhibitions,
      exhibitionIds: links.filter((l) => l.hostInUserId === hu.id).map((l) => l.exhibitionId),
      createAt: hu.createdAt.toISOString(),
    };
  });
}

const joinedFrom = (db: Executor) =>
  db
    .select({ n: count() })
    .from(hostInUser)
    .innerJoin(userAccount, eq(userAccount.id, hostInUser.userId))
    .innerJoin(host, and(eq(host.id, hostInUser.hostId), isNull(host.deletedAt)));

/** Only a host's owner login manages the host's other logins (a limited staff login could otherwise widen its own reach). */
async function assertOwner(db: Executor, me: UserPrincipal, hostId: string) {
  const [h] = await db.select({ ownerUserId: host.ownerUserId }).from(host).where(and(eq(host.id, hostId), isNull(host.deletedAt)));
  if (!h || !me.hostIds.includes(hostId)) throw notFound('host');
  if (h.ownerUserId !== me.userId) throw forbidden();
}

/** The host user `id` as the caller may manage it: scoped, owner-checked; the owner's own row is protected where asked. */
async function loadManaged(db: Executor, me: UserPrincipal, id: string, protectOwner: boolean) {
  const [item] = await loadHostUsers(db, and(hostInUserScope(me), eq(hostInUser.id, id)));
  if (!item) throw notFound('hostUser');
  await assertOwner(db, me, item.hostId);
  if (protectOwner && item.isOwner) throw new AppError(ErrorCode.OwnerLoginProtected);
  return item;
}

async function assertHostExhibitions(db: Executor, hostId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await db
    .select({ id: exhibition.id })
    .from(exhibition)
    .where(and(inArray(exhibition.id, ids), eq(exhibition.hostId, hostId), isNull(exhibition.deletedAt)));
  if (found.length !== new Set(ids).size) throw notFound('exhibition');
}

export const hostUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const one = async (id: string) => (await loadHostUsers(db, eq(hostInUser.id, id)))[0]!;
  const log = (tx: Executor, request: FastifyRequest, action: string, item: { id: string; hostId: string }, before?: unknown, after?: unknown) =>
    writeOpLog(tx, actorOf(request), { action: `hostUser.${action}`, targetType: 'hostUser', targetId: item.id, hostId: item.hostId, before, after });

  app.post(
    '/api/v3/hostinuser/query',
    {
      config: { permission: 'hostUser.read' },
      schema: { summary: "Host logins, paged, owner first: a host's own; the administrator's all (filter by hostId)", tags, body: hostUserQuery, response: { 200: okSchema(page(hostUserSchema)) } },
    },
    async (request) => {
      const q = request.body;
      const where = and(
        hostInUserScope(userOf(request)),
        q.hostId ? eq(hostInUser.hostId, q.hostId) : undefined,
        q.keyword ? or(ilike(userAccount.userName, containing(q.keyword)), ilike(userAccount.name, containing(q.keyword)), ilike(userAccount.phoneNumber, containing(q.keyword))) : undefined,
      );
      const [{ n } = { n: 0 }] = await joinedFrom(db).where(where);
      return ok(toPage(await loadHostUsers(db, where, { limit: q.pageSize, offset: (q.pageIndex - 1) * q.pageSize }), n, q));
    },
  );

  app.get(
    '/api/v3/hostinuser/all',
    {
      config: { permission: 'hostUser.read' },
      schema: { summary: "Every login of the caller's host (the administrator: of `hostId`, or all)", tags, querystring: hostUserAllQuery, response: { 200: okSchema(z.array(hostUserSchema)) } },
    },
    async (request) => ok(await loadHostUsers(db, and(hostInUserScope(userOf(request)), request.query.hostId ? eq(hostInUser.hostId, request.query.hostId) : undefined))),
  );

  app.post(
    '/api/v3/hostinuser',
    {
      config: { permission: 'hostUser.manage' },
      schema: {
        summary: "The host's owner creates a staff login (role 1) for its host: all exhibitions, or only `exhibitionIds`",
        tags,
        body: createHostUserBody,
        response: { 200: okSchema(hostUserSchema) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const hostId = me.hostIds[0];
      if (!hostId) throw notFound('host');
      await assertOwner(db, me, hostId);
      const b = request.body;
      const exhibitionIds = [...new Set(b.exhibitionIds ?? [])];
      await assertHostExhibitions(db, hostId, exhibitionIds);
      const allExhibitions = b.allExhibitions ?? b.exhibitionIds === undefined;
      const passwordHash = await hashPassword(b.password);
      const id = await db.transaction(async (tx) => {
        const [user] = await insertLogin(tx, { userName: b.userName, name: b.name, role: Role.Host, passwordHash, phoneNumber: b.phoneNumber ?? null, email: b.email ?? null });
        const [hu] = await tx.insert(hostInUser).values({ hostId, userId: user!.id, allExhibitions }).returning();
        if (exhibitionIds.length) await tx.insert(hostInUserExhibition).values(exhibitionIds.map((exhibitionId) => ({ hostInUserId: hu!.id, exhibitionId })));
        await log(tx, request, 'create', hu!, undefined, { userName: user!.userName, name: b.name, allExhibitions, exhibitionIds });
        return hu!.id;
      });
      return ok(await one(id));
    },
  );

  app.patch(
    '/api/v3/hostinuser',
    {
      config: { permission: 'hostUser.manage' },
      schema: {
        summary: "Change a login of the caller's host (owner only): name, contacts, password (its sign-ins end), disabled, all exhibitions",
        tags,
        querystring: z.object({ id: z.uuid() }),
        body: updateHostUserBody,
        response: { 200: okSchema(hostUserSchema) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const b = request.body;
      const before = await loadManaged(db, me, request.query.id, false);
      if (before.isOwner && (b.isDisabled === true || b.allExhibitions === false)) throw new AppError(ErrorCode.OwnerLoginProtected);
      const userValues = Object.fromEntries(
        Object.entries({ name: b.name, phoneNumber: b.phoneNumber, email: b.email, isDisabled: b.isDisabled }).filter(([, v]) => v !== undefined),
      );
      const passwordHash = b.password ? await hashPassword(b.password) : undefined;
      await db.transaction(async (tx) => {
        if (Object.keys(userValues).length || passwordHash)
          await guardUnique(() => tx.update(userAccount).set({ ...userValues, ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}) }).where(eq(userAccount.id, before.userId)));
        if (b.allExhibitions !== undefined) await tx.update(hostInUser).set({ allExhibitions: b.allExhibitions }).where(eq(hostInUser.id, before.id));
        if (passwordHash || b.isDisabled) await revokeUserSessions(tx, before.userId, passwordHash ? 'password set by host owner' : 'disabled by host owner');
        await principalsChanged(tx, { userIds: [before.userId] });
        await log(tx, request, 'update', before, before, { ...userValues, ...(b.allExhibitions !== undefined ? { allExhibitions: b.allExhibitions } : {}), ...(passwordHash ? { password: 'set' } : {}) });
      });
      return ok(await one(before.id));
    },
  );

  app.delete(
    '/api/v3/hostinuser',
    {
      config: { permission: 'hostUser.manage' },
      schema: {
        summary: "Remove a login from the caller's host (owner only; not the owner's). It stops working at once: disabled unless it works for another host",
        tags,
        querystring: z.object({ id: z.uuid() }),
        response: { 200: okSchema(z.boolean()) },
      },
    },
    async (request) => {
      const item = await loadManaged(db, userOf(request), request.query.id, true);
      await db.transaction(async (tx) => {
        await tx.delete(hostInUser).where(eq(hostInUser.id, item.id));
        await principalsChanged(tx, { userIds: [item.userId] });
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(hostInUser).where(eq(hostInUser.userId, item.userId));
        if (n === 0) {
          await tx.update(userAccount).set({ isDisabled: true }).where(eq(userAccount.id, item.userId));
          await revokeUserSessions(tx, item.userId, 'removed from host');
        }
        await log(tx, request, 'delete', item, item);
      });
      return ok(true);
    },
  );

  app.post(
    '/api/v3/hostinuser/exhibition',
    {
      config: { permission: 'hostUser.manage' },
      schema: {
        summary: 'Give a staff login one more exhibition of its host; from the first one on, it reaches only its assigned exhibitions',
        tags,
        body: hostUserExhibitionBody,
        response: { 200: okSchema(hostUserSchema) },
      },
    },
    async (request) => {
      const item = await loadManaged(db, userOf(request), request.body.hostInUserId, true);
      await assertHostExhibitions(db, item.hostId, [request.body.exhibitionId]);
      await db.transaction(async (tx) => {
        await tx.insert(hostInUserExhibition).values({ hostInUserId: item.id, exhibitionId: request.body.exhibitionId }).onConflictDoNothing();
        await tx.update(hostInUser).set({ allExhibitions: false }).where(eq(hostInUser.id, item.id));
        await principalsChanged(tx, { userIds: [item.userId] });
        await log(tx, request, 'exhibition.add', item, { allExhibitions: item.allExhibitions, exhibitionIds: item.exhibitionIds }, { exhibitionId: request.body.exhibitionId });
      });
      return ok(await one(item.id));
    },
  );

  app.delete(
    '/api/v3/hostinuser/exhibition',
    {
      config: { permission: 'hostUser.manage' },
      schema: {
        summary: 'Take an exhibition from a staff login; its existing tokens lose access at the next request',
        tags,
        querystring: hostUserExhibitionQuery,
        response: { 200: okSchema(hostUserSchema) },
      },
    },
    async (request) => {
      const item = await loadManaged(db, userOf(request), request.query.hostInUserId, true);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(hostInUserExhibition)
          .where(and(eq(hostInUserExhibition.hostInUserId, item.id), eq(hostInUserExhibition.exhibitionId, request.query.exhibitionId)))
          .returning();
        if (!removed.length) throw notFound('exhibition');
        await tx.update(hostInUser).set({ allExhibitions: false }).where(eq(hostInUser.id, item.id));
        await principalsChanged(tx, { userIds: [item.userId] });
        await log(tx, request, 'exhibition.remove', item, { exhibitionIds: item.exhibitionIds }, { exhibitionId: request.query.exhibitionId });
      });
      return ok(await one(item.id));
    },
  );
};
