import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, ilike, or } from 'drizzle-orm';
import { decideHostApplyBody, ErrorCode, hostApply as hostApplySchema, hostApplyBody, hostApplyQuery, ok as okSchema, type HostApply } from '@pavilion/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { actorOf, ok, publicBase } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { findUserByEmail, findUserByName, findUserByPhone } from '../account/service.ts';
import { createHostWithOwner } from '../host/service.ts';
import { hostApply } from './tables.ts';
import { containing } from '../../db/like.ts';

type Row = typeof hostApply.$inferSelect;

const toItem = (r: Row): HostApply => ({
  id: r.id,
  companyName: r.companyName,
  contactName: r.contactName,
  phoneNumber: r.phoneNumber,
  email: r.email,
  message: r.message,
  status: r.status as HostApply['status'],
  reason: r.reason,
  hostId: r.hostId,
  userName: r.userName,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createAt: r.createdAt.toISOString(),
});

/** Submissions per IP: enough for a person who mistyped, not for a script. */
const APPLY_LIMIT = { limit: 5, windowSeconds: 3600 };

/** Readable and unambiguous: no 0/O, 1/l/I. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const initialPassword = () => Array.from(randomBytes(12), (b) => ALPHABET[b % ALPHABET.length]).join('');

async function freeUserName(db: Executor): Promise<string> {
  for (;;) {
    const name = `host${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!(await findUserByName(db, name))) return name;
  }
}

type Welcome = { company: string; link: string; userName: string; password: string };
const welcome = {
  'zh-CN': (a: Welcome) => `【Pavilion】${a.company} 的主办方申请已通过。登录地址：${a.link}，登录账号：${a.userName}，初始密码：${a.password}。首次登录需设置新密码。`,
  en: (a: Welcome) =>
    `[Pavilion] The organiser application of ${a.company} is approved. Sign in at ${a.link} with user name ${a.userName} and the initial password ${a.password}; you will set a new password when you first sign in.`,
};
const rejected = {
  'zh-CN': (a: { company: string; reason: string }) => `【Pavilion】很抱歉，${a.company} 的主办方申请未通过：${a.reason}`,
  en: (a: { company: string; reason: string }) => `[Pavilion] The organiser application of ${a.company} was not approved: ${a.reason}`,
};

const resource: Resource<Row, HostApply> = {
  name: 'hostApply',
  table: hostApply,
  item: hostApplySchema,
  toItem,
  permissions: { read: 'hostApply.manage', write: 'hostApply.manage' },
  query: {
    body: hostApplyQuery,
    where: (q: z.infer<typeof hostApplyQuery>) => [
      q.status ? eq(hostApply.status, q.status) : undefined,
      q.keyword ? or(ilike(hostApply.companyName, containing(q.keyword)), ilike(hostApply.contactName, containing(q.keyword)), ilike(hostApply.phoneNumber, containing(q.keyword))) : undefined,
    ],
  },
};

export const hostApplyRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['host application'];

  mountResource(app, resource, [{ method: 'POST', url: '/api/v3/hostapply/query', op: 'query', summary: 'Host applications, paged, newest first (administrator)' }]);

  r.post(
    '/api/v3/hostapply',
    {
      config: { public: true },
      schema: {
        summary: 'An organiser applies to use the platform (anonymous; 5 per IP per hour; sensitive words checked)',
        tags,
        body: hostApplyBody,
        response: { 200: okSchema(hostApplySchema) },
      },
    },
    async (request) => {
      await enforceLimits(app.deps.shared, [{ key: `hostapply:ip:${request.ip}`, ...APPLY_LIMIT }]);
      const b = request.body;
      const text = await checkText(request.server.deps, { companyName: b.companyName, contactName: b.contactName, message: b.message });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(hostApply)
          .values({ companyName: text.companyName, contactName: text.contactName, phoneNumber: b.phoneNumber, email: b.email ?? null, message: text.message ?? null, ip: request.ip })
          .returning();
        await writeOpLog(tx, actorOf(request), { action: 'hostApply.create', targetType: 'hostApply', targetId: created!.id, after: { companyName: created!.companyName } });
        return created!;
      });
      return ok(toItem(row));
    },
  );

  r.patch(
    '/api/v3/hostapply',
    {
      config: { permission: 'hostApply.manage' },
      schema: {
        summary:
          'Approve or reject a pending application (administrator). Approval creates the host and its first login, and sends the user name and a random initial password to the applicant (SMS, and e-mail when given), all in one transaction; a decided one is 409 (4021)',
        tags,
        querystring: z.object({ id: z.uuid() }),
        body: decideHostApplyBody,
        response: { 200: okSchema(hostApplySchema) },
      },
    },
    async (request) => ok(toItem(await decide(request, request.query.id, request.body))),
  );

  async function decide(request: FastifyRequest, id: string, body: z.infer<typeof decideHostApplyBody>) {
    const me = userOf(request);
    const [current] = await db.select().from(hostApply).where(eq(hostApply.id, id));
    if (!current) throw notFound('hostApply');
    const lang = langOf(request);
    return db.transaction(async (tx) => {
      const claim = { status: body.status, reason: body.reason ?? null, decidedBy: me.userId, decidedAt: new Date() };
      const [claimed] = await tx.update(hostApply).set(claim).where(and(eq(hostApply.id, id), eq(hostApply.status, 'pending'))).returning();
      if (!claimed) throw new AppError(ErrorCode.AuditNotPending);
      if (body.status === 'rejected') {
        await writeOpLog(tx, actorOf(request), { action: 'hostApply.reject', targetType: 'hostApply', targetId: id, before: { status: 'pending' }, after: { status: 'rejected', reason: body.reason } });
        await app.deps.messenger.send(tx, { channel: 'sms', recipient: claimed.phoneNumber, body: rejected[lang]({ company: claimed.companyName, reason: body.reason }) });
        return claimed;
      }
      const userName = body.userName ?? (await freeUserName(tx));
      const password = initialPassword();
      // The applicant's phone and e-mail become the login's when no other account holds them, so it can reset its password by code.
      const phoneFree = !(await findUserByPhone(tx, claimed.phoneNumber));
      const emailFree = claimed.email ? !(await findUserByEmail(tx, claimed.email)) : false;
      const created = await createHostWithOwner(
        tx,
        actorOf(request),
        { name: claimed.companyName, phoneNumber: claimed.phoneNumber, contactName: claimed.contactName, email: claimed.email },
        { userName, password, name: claimed.contactName, phoneNumber: phoneFree ? claimed.phoneNumber : null, email: emailFree ? claimed.email : null },
        'host.createFromApplication',
      );
      const [done] = await tx.update(hostApply).set({ hostId: created.host.id, userName }).where(eq(hostApply.id, id)).returning();
      await writeOpLog(tx, actorOf(request), { action: 'hostApply.approve', targetType: 'hostApply', targetId: id, hostId: created.host.id, before: { status: 'pending' }, after: { status: 'approved', hostId: created.host.id, userName } });
      const text = welcome[lang]({ company: claimed.companyName, link: `${publicBase(app.deps.config.publicUrl, actorOf(request))}/live/login/alogin`, userName, password });
      await app.deps.messenger.send(tx, { channel: 'sms', recipient: claimed.phoneNumber, body: text });
      if (claimed.email) await app.deps.messenger.send(tx, { channel: 'email', recipient: claimed.email, subject: lang === 'en' ? 'Your Pavilion organiser account' : 'Pavilion 主办方账号开通', body: text });
      return done!;
    });
  }
};
