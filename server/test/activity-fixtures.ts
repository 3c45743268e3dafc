import { and, eq } from 'drizzle-orm';
import { AuditState, Role } from '@pavilion/contract';
import { expect } from 'vitest';
import { companyUser, exhibitor, userAccount } from '../src/core/tables.ts';
import { activity } from '../src/modules/activity/tables.ts';
import { member } from '../src/modules/member/tables.ts';
import { bearer, type TestContext } from './harness.ts';

const HOUR = 3600_000;
let seq = 0;

/** An activity row written directly (the activity CRUD is another module's): visible and open for registration unless told otherwise. */
export async function insertActivity(ctx: TestContext, values: Partial<typeof activity.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await ctx.db
    .insert(activity)
    .values({
      exhibitionId: ctx.demo.exhibitionId,
      title: `活动 ${++seq}`,
      startAt: new Date(now + 24 * HOUR),
      endAt: new Date(now + 26 * HOUR),
      regEnabled: true,
      auditState: AuditState.Approved,
      isShow: true,
      state: 'published',
      ...values,
    })
    .returning();
  return row!;
}

/** A visitor of the demo exhibition (approved unless told), signed in on the English site; answers its token and member id. */
export async function newVisitor(ctx: TestContext, opts: { auditState?: number; name?: string; exhibitionId?: string } = {}) {
  const [demo] = await ctx.db.select({ hash: userAccount.passwordHash }).from(userAccount).where(eq(userAccount.userName, 'visitor'));
  const n = `${Date.now().toString(36)}${++seq}`;
  const email = `v${n}@example.com`;
  const exhibitionId = opts.exhibitionId ?? ctx.demo.exhibitionId;
  const [user] = await ctx.db.insert(userAccount).values({ userName: `v_${n}`, name: opts.name ?? `观众${n}`, role: Role.Visitor, passwordHash: demo!.hash, email }).returning();
  const [m] = await ctx.db
    .insert(member)
    .values({ exhibitionId, userId: user!.id, lang: 'zh', name: opts.name ?? `观众${n}`, phoneNumber: `139${String(seq).padStart(8, '0')}`, email, company: '星河贸易', auditState: opts.auditState ?? AuditState.Approved })
    .returning();
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${exhibitionId}/login/email`, payload: { email, password: 'pavilion' } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.accessToken as string, memberId: m!.id, userId: user!.id, email };
}

export const registerAs = (ctx: TestContext, token: string, activityId: string, payload: unknown = {}, exhibitionId = ctx.demo.exhibitionId, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${exhibitionId}/activities/${activityId}/registrations`, payload: payload as object, headers: { ...bearer(token), ...headers } });

/** The exhibitor record of a demo exhibitor login in the demo exhibition. */
export async function exhibitorIdOf(ctx: TestContext, userName: string) {
  const [row] = await ctx.db
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .innerJoin(companyUser, eq(companyUser.companyId, exhibitor.companyId))
    .innerJoin(userAccount, eq(userAccount.id, companyUser.userId))
    .where(and(eq(userAccount.userName, userName), eq(exhibitor.exhibitionId, ctx.demo.exhibitionId)));
  return row!.id;
}
