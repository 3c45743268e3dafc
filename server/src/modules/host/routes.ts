import { and, eq, ilike, isNull, or } from 'drizzle-orm';
import {
  cacheBuster,
  createHostAccountBody,
  host as hostSchema,
  hostAccount,
  hostQuery,
  id,
  ok as okSchema,
  Role,
  updateHostBody,
  updateHostPhoneBody,
} from '@pavilion/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { canReadHost } from '../../auth/scope.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { requireCode } from '../verification/service.ts';
import { host } from './tables.ts';
import { hostIdsOf } from '../account/service.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { assertNoExhibitions, createHostWithOwner } from './service.ts';
import { containing } from '../../db/like.ts';

export const toHost = (h: typeof host.$inferSelect) => ({
  id: h.id,
  name: h.name,
  nameEn: h.nameEn,
  phoneNumber: h.phoneNumber,
  ownerUserId: h.ownerUserId,
  contactName: h.contactName,
  email: h.email,
  createAt: h.createdAt.toISOString(),
});

/** Hosts as the administrator manages them: declared once, mounted on the spec's paths. */
const hostResource: Resource<typeof host.$inferSelect, z.infer<typeof hostSchema>> = {
  name: 'host',
  table: host,
  item: hostSchema,
  toItem: toHost,
  permissions: { read: 'host.manage', write: 'host.manage' },
  hostIdOf: (row) => row.id,
  query: {
    body: hostQuery,
    where: (q: z.infer<typeof hostQuery>) => [
      q.name ? or(ilike(host.name, containing(q.name)), ilike(host.nameEn, containing(q.name))) : undefined,
      q.phoneNumber ? ilike(host.phoneNumber, containing(q.phoneNumber)) : undefined,
    ],
  },
  update: {
    body: updateHostBody,
    values: (body: z.infer<typeof updateHostBody>) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
  },
  /** A host with exhibitions stays; its logins lose the host with it (they can no longer sign in to the host area). */
  beforeDelete: (row, { tx }) => assertNoExhibitions(tx, row.id),
};

export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['host'];

  mountResource(app, hostResource, [
    { method: 'POST', url: '/api/v1/host/query', op: 'query', summary: 'Hosts, paged, newest first; search by name and phone (administrator)' },
    { method: 'PUT', url: '/api/v1/host/patch', op: 'update', summary: 'Change a host (only the fields sent; administrator)' },
    { method: 'PATCH', url: '/api/v1/host', op: 'update', summary: 'Change a host (only the fields sent; administrator)' },
    { method: 'DELETE', url: '/api/v1/host', op: 'delete', summary: 'Delete a host; refused (4023) while it still has exhibitions' },
  ]);

  app.post(
    '/api/v1/host/create-account',
    {
      config: { permission: 'host.manage' },
      schema: {
        summary: 'Create a host and its first login (role 1, the owner) in one transaction; a taken user name is a 409 naming userName',
        tags,
        body: createHostAccountBody,
        response: { 200: okSchema(hostAccount) },
      },
    },
    async (request) => {
      const { userName, password, ...h } = request.body;
      const created = await db.transaction((tx) => createHostWithOwner(tx, actorOf(request), h, { userName, password, phoneNumber: null }));
      return ok({ host: toHost(created.host), userId: created.user.id, userName: created.user.userName });
    },
  );

  const load = async (hostId: string) => (await db.select().from(host).where(and(eq(host.id, hostId), isNull(host.deletedAt))))[0];

  app.get(
    '/api/v1/host/by-hostid',
    { config: { permission: 'host.read' }, schema: { summary: 'A host by its id', tags, querystring: z.object({ hostId: id }).extend(cacheBuster.shape), response: { 200: okSchema(hostSchema) } } },
    async (request) => {
      const h = await load(request.query.hostId);
      if (!h || !canReadHost(userOf(request), h.id)) throw notFound('host');
      return ok(toHost(h));
    },
  );

  app.get(
    '/api/v1/host/by-userid',
    { config: { permission: 'host.read' }, schema: { summary: 'The (first) host a user works for', tags, querystring: z.object({ userId: id }).extend(cacheBuster.shape), response: { 200: okSchema(hostSchema) } } },
    async (request) => {
      const me = userOf(request);
      if (me.role === Role.Host && request.query.userId !== me.userId) throw notFound('host');
      const [hostId] = await hostIdsOf(db, request.query.userId);
      const h = hostId ? await load(hostId) : undefined;
      if (!h) throw notFound('host');
      return ok(toHost(h));
    },
  );

  app.post(
    '/api/v1/account/update/host/phonenumber',
    {
      config: { permission: 'host.updatePhone' },
      schema: {
        summary: "Set a host's contact phone: the administrator for any host; a host for its own, with an SMS code (purpose change) sent to the new number",
        tags,
        body: updateHostPhoneBody,
        response: { 200: okSchema(hostSchema) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const hostId = request.body.hostId ?? me.hostIds[0];
      const h = hostId ? await load(hostId) : undefined;
      if (!h || !canReadHost(me, h.id)) throw notFound('host');
      if (me.role === Role.Host) {
        if (!request.body.code) throw fieldError('code', 'required');
        await requireCode(db, { channel: 'sms', purpose: 'change', target: request.body.phoneNumber, code: request.body.code });
      }
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(host).set({ phoneNumber: request.body.phoneNumber }).where(eq(host.id, h.id)).returning();
        await writeOpLog(tx, actorOf(request), {
          action: 'host.phone.update',
          targetType: 'host',
          targetId: h.id,
          hostId: h.id,
          before: { phoneNumber: h.phoneNumber },
          after: { phoneNumber: request.body.phoneNumber },
        });
        return row!;
      });
      return ok(toHost(updated));
    },
  );
};
