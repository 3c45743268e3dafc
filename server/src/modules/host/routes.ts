import { and, eq, isNull } from 'drizzle-orm';
import { cacheBuster, ErrorCode, host as hostSchema, id, ok as okSchema, Role, updateHostPhoneBody } from '@pavilion/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { canReadHost } from '../../auth/scope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { requireCode } from '../verification/service.ts';
import { host } from './tables.ts';
import { hostIdsOf } from '../account/service.ts';

export const toHost = (h: typeof host.$inferSelect) => ({
  id: h.id,
  name: h.name,
  nameEn: h.nameEn,
  phoneNumber: h.phoneNumber,
  ownerUserId: h.ownerUserId,
  createAt: h.createdAt.toISOString(),
});

export const hostRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['host'];

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
        if (!request.body.code) throw new AppError(ErrorCode.ValidationFailed, { detail: 'code' }, [{ field: 'code', message: 'code is required' }]);
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
