import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { AuditState, ErrorCode, Role, toPage, type ApplyExhibitor, type applyExhibitorBody, type applyExhibitorQuery, type Page, type SettledForm } from '@pavilion/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { markDraft, registerAuditType, submitForAudit, type AuditDecision } from '../../audit/audit.ts';
import { hashPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { publicBase } from '../../http/reply.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { userAccount } from '../account/tables.ts';
import { findUserByEmail, findUserByName, findUserByPhone } from '../account/service.ts';
import { category } from '../category/tables.ts';
import { assertCategoriesOfHost } from '../category/service.ts';
import { company, companyUser } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor, exhibitorCategory } from '../exhibitor/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { exhibitorApply } from './tables.ts';
import { containing } from '../../db/like.ts';
import { iso } from '../../http/time.ts';

type Row = typeof exhibitorApply.$inferSelect;

export const toApplication = (r: Row, userName: string | null): ApplyExhibitor => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  name: r.name,
  mobile: r.mobile,
  company: r.company,
  categoryIds: r.categoryIds,
  email: r.email,
  licenceUrl: r.licenceUrl,
  companyEn: r.companyEn,
  region: r.region,
  message: r.message,
  auditState: r.auditState as AuditState,
  auditReason: r.auditReason,
  submitAt: iso(r.submitAt),
  auditAt: iso(r.auditAt),
  exhibitorId: r.exhibitorId,
  compId: r.companyId,
  userName,
  createAt: r.createdAt.toISOString(),
});

/**
 * The settling form of a live exhibition: its names and logo, the category limit, and its host's live
 * categories (names and tree position only). A missing or deleted exhibition is 404.
 */
export async function settlingForm(db: Executor, exhibitionId: string): Promise<SettledForm> {
  const [exh] = await db
    .select({ id: exhibition.id, name: exhibition.name, nameEn: exhibition.nameEn, logo: exhibition.logo, hostId: exhibition.hostId })
    .from(exhibition)
    .where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw notFound('exhibition');
  const { exhibitorCategoryNumber } = await getExhibitionSettings(db, exh.id);
  const categories = await db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn, parentId: category.parentId, level: category.level })
    .from(category)
    .where(and(eq(category.hostId, exh.hostId), isNull(category.deletedAt)))
    .orderBy(asc(category.level), asc(category.showIndex), asc(category.createdAt));
  return { exhibition: { id: exh.id, name: exh.name, nameEn: exh.nameEn, logo: exh.logo }, categoryLimit: exhibitorCategoryNumber, categories };
}

/** Categories of the exhibition's host, at most the exhibition's `exhibitorCategoryNumber`. */
async function checkCategories(tx: Executor, exhibitionId: string, hostId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const { exhibitorCategoryNumber } = await getExhibitionSettings(tx, exhibitionId);
  if (unique.length > exhibitorCategoryNumber) throw fieldError('categoryIds', 'tooLong', { max: String(exhibitorCategoryNumber) });
  await assertCategoriesOfHost(tx, hostId, unique);
  return unique;
}

/**
 * The settling page's application (client token). One pending application per mobile and
 * exhibition; submitted for audit, so `enabledAutoAuditExhibitor` approves (and creates the
 * account) at once.
 */
export async function submitApplication(
  tx: Executor,
  caller: { actor: Actor; lang: Lang },
  b: z.infer<typeof applyExhibitorBody>,
  text: { name: string; company: string; companyEn?: string | null | undefined; message?: string | null | undefined },
) {
  const [exh] = await tx.select().from(exhibition).where(and(eq(exhibition.id, b.exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw notFound('exhibition');
  const categoryIds = await checkCategories(tx, exh.id, exh.hostId, b.categoryIds);
  const [dup] = await tx
    .select({ id: exhibitorApply.id })
    .from(exhibitorApply)
    .where(and(eq(exhibitorApply.exhibitionId, exh.id), eq(exhibitorApply.mobile, b.mobile), eq(exhibitorApply.auditState, AuditState.Pending), isNull(exhibitorApply.deletedAt)));
  if (dup) throw fieldError('mobile', 'taken', {}, ErrorCode.Conflict);
  const [row] = await tx
    .insert(exhibitorApply)
    .values({ exhibitionId: exh.id, name: text.name, mobile: b.mobile, company: text.company, categoryIds, email: b.email ?? null, licenceUrl: b.licenceUrl ?? null, companyEn: text.companyEn || null, region: b.region || null, message: text.message || null, ip: caller.actor.ip, lang: caller.lang })
    .returning();
  await writeOpLog(tx, caller.actor, { action: 'exhibitorApply.create', targetType: 'exhibitorApply', targetId: row!.id, hostId: exh.hostId, after: { company: text.company, name: text.name, mobile: b.mobile } });
  const submitted = await submitForAudit(tx, caller.actor, { type: 'exhibitorApply', targetId: row!.id, exhibitionId: exh.id, exhibitorId: null, title: `${text.company}（${text.name}）` });
  return { id: row!.id, auditState: submitted.state };
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const randomPassword = () => Array.from({ length: 12 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** The mobile number as user name when free, otherwise `ex` + the number + four random digits. */
async function freeUserName(tx: Executor, mobile: string): Promise<string> {
  const digits = mobile.replace(/\D/g, '');
  if (!(await findUserByName(tx, digits))) return digits;
  for (;;) {
    const candidate = `ex${digits}${String(randomInt(10_000)).padStart(4, '0')}`;
    if (!(await findUserByName(tx, candidate))) return candidate;
  }
}

const approvalText = {
  'zh-CN': (a: { company: string; exhibition: string; link: string; userName: string; password: string | null }) =>
    `【Pavilion】${a.company}的入驻申请已通过（${a.exhibition}）。登录地址：${a.link}，用户名：${a.userName}，${a.password ? `初始密码：${a.password}，首次登录需设置新密码。` : '请使用您已有账号的密码登录。'}`,
  en: (a: { company: string; exhibition: string; link: string; userName: string; password: string | null }) =>
    `[Pavilion] The application of ${a.company} to ${a.exhibition} was approved. Sign in at ${a.link} with user name ${a.userName} and ${a.password ? `the initial password ${a.password}; you will set a new password when you first sign in.` : 'the password of your existing account.'}`,
};
const approvalSubject = { 'zh-CN': 'Pavilion 入驻申请已通过', en: 'Your Pavilion application was approved' };

/**
 * Approval, inside the decision's transaction: the company, the exhibitor record in the exhibition
 * (with the intended categories) and the login account (user name = the mobile when free, a random
 * initial password), then the applicant is told through the messenger outbox (SMS, and e-mail when
 * given) with the login link `/ex-live/login/ex?id={exhibitionId}`. An exhibitor account already
 * holding the mobile is linked instead of a second one being made.
 */
async function approveApplication(tx: Executor, deps: Deps, row: Row, decision: AuditDecision) {
  const [exh] = await tx.select().from(exhibition).where(eq(exhibition.id, row.exhibitionId));
  if (!exh) throw notFound('exhibition');
  const lang: Lang = row.lang === 'en' ? 'en' : 'zh-CN';
  const holder = await findUserByPhone(tx, row.mobile);
  let user = holder && holder.role === Role.Exhibitor && !holder.isDisabled ? holder : undefined;
  let password: string | null = null;
  if (!user) {
    password = randomPassword();
    const emailFree = row.email ? !(await findUserByEmail(tx, row.email)) : false;
    [user] = await tx
      .insert(userAccount)
      .values({
        userName: await freeUserName(tx, row.mobile),
        name: row.name,
        role: Role.Exhibitor,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        phoneNumber: holder ? null : row.mobile,
        email: emailFree ? row.email : null,
      })
      .returning();
  }
  const account = user!;
  const [reused] = password
    ? []
    : await tx
        .select({ id: company.id })
        .from(company)
        .innerJoin(companyUser, and(eq(companyUser.companyId, company.id), eq(companyUser.userId, account.id)))
        .where(and(isNull(company.deletedAt), sql`lower(${company.name}) = lower(${row.company})`))
        .limit(1);
  let companyId = reused?.id;
  if (!companyId) {
    [{ id: companyId }] = (await tx.insert(company).values({ name: row.company, nameEn: row.companyEn, region: row.region }).returning({ id: company.id })) as [{ id: string }];
    await tx.insert(companyUser).values({ companyId, userId: account.id });
  } else {
    const [joined] = await tx.select({ id: exhibitor.id }).from(exhibitor).where(and(eq(exhibitor.exhibitionId, exh.id), eq(exhibitor.companyId, companyId), isNull(exhibitor.deletedAt)));
    if (joined) throw new AppError(ErrorCode.Conflict, { detail: 'company' });
  }
  const [ex] = await tx.insert(exhibitor).values({ exhibitionId: exh.id, companyId, auditState: AuditState.Approved }).returning({ id: exhibitor.id });
  // The categories were checked on submission; those deleted since, or over a lowered limit, are dropped.
  const { exhibitorCategoryNumber } = await getExhibitionSettings(tx, exh.id);
  const live = row.categoryIds.length
    ? await tx.select({ id: category.id }).from(category).where(and(inArray(category.id, row.categoryIds), eq(category.hostId, exh.hostId), isNull(category.deletedAt)))
    : [];
  const keep = row.categoryIds.filter((id) => live.some((c) => c.id === id)).slice(0, exhibitorCategoryNumber);
  if (keep.length) await tx.insert(exhibitorCategory).values(keep.map((categoryId, i) => ({ exhibitorId: ex!.id, categoryId, showIndex: i })));
  await tx.update(exhibitorApply).set({ exhibitorId: ex!.id, companyId, userId: account.id }).where(eq(exhibitorApply.id, row.id));
  await writeOpLog(tx, decision.actor, {
    action: 'exhibitorApply.settle',
    targetType: 'exhibitorApply',
    targetId: row.id,
    hostId: exh.hostId,
    after: { exhibitorId: ex!.id, companyId, userId: account.id, userName: account.userName, newAccount: Boolean(password) },
  });
  const path = lang === 'en' ? '/ex-live-en/login/ex' : '/ex-live/login/ex';
  const text = approvalText[lang]({
    company: row.company,
    exhibition: (lang === 'en' ? exh.nameEn : null) ?? exh.name,
    link: `${publicBase(deps.config.publicUrl, decision.actor)}${path}?id=${exh.id}`,
    userName: account.userName,
    password,
  });
  await deps.messenger.send(tx, { channel: 'sms', recipient: row.mobile, body: text });
  if (row.email) await deps.messenger.send(tx, { channel: 'email', recipient: row.email, subject: approvalSubject[lang], body: text });
}

/** Registers the type; approval needs the app's messenger and public address, hence at plugin start. */
export function registerApplicationAudit(deps: Deps) {
  registerAuditType({
    type: 'exhibitorApply',
    table: exhibitorApply,
    stateColumn: exhibitorApply.auditState,
    reasonColumn: exhibitorApply.auditReason,
    submitAtColumn: exhibitorApply.submitAt,
    auditAtColumn: exhibitorApply.auditAt,
    exhibitionIdColumn: exhibitorApply.exhibitionId,
    autoAudit: 'enabledAutoAuditExhibitor',
    title: (row: Row) => `${row.company}（${row.name}）`,
    async onDecided(tx, row: Row, decision) {
      if (decision.approve) await approveApplication(tx, deps, row, decision);
    },
  });
}

const visible = (p: UserPrincipal) => and(ofExhibition(p, exhibitorApply.exhibitionId), isNull(exhibitorApply.deletedAt), ne(exhibitorApply.auditState, AuditState.Draft));

export async function applicationPage(db: Executor, p: UserPrincipal, q: z.infer<typeof applyExhibitorQuery>): Promise<Page<ApplyExhibitor>> {
  const like = q.keyword ? containing(q.keyword) : null;
  const where = and(
    visible(p),
    q.exhibitionId ? eq(exhibitorApply.exhibitionId, q.exhibitionId) : undefined,
    q.auditState !== undefined ? eq(exhibitorApply.auditState, q.auditState) : undefined,
    like ? or(ilike(exhibitorApply.company, like), ilike(exhibitorApply.name, like), ilike(exhibitorApply.mobile, like)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exhibitorApply).where(where);
  const rows = await db
    .select({ a: exhibitorApply, userName: userAccount.userName })
    .from(exhibitorApply)
    .leftJoin(userAccount, eq(userAccount.id, exhibitorApply.userId))
    .where(where)
    .orderBy(sql`case when ${exhibitorApply.auditState} = 0 then 0 else 1 end`, desc(exhibitorApply.createdAt), desc(exhibitorApply.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map((r) => toApplication(r.a, r.userName)), total, q);
}

export async function loadApplication(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await db
    .select({ a: exhibitorApply, userName: userAccount.userName, hostId: exhibition.hostId })
    .from(exhibitorApply)
    .innerJoin(exhibition, eq(exhibition.id, exhibitorApply.exhibitionId))
    .leftJoin(userAccount, eq(userAccount.id, exhibitorApply.userId))
    .where(and(visible(p), eq(exhibitorApply.id, id)));
  if (!row) throw notFound('application');
  return row;
}

export async function deleteApplication(tx: Executor, actor: Actor, p: UserPrincipal, id: string) {
  const { a, hostId } = await loadApplication(tx, p, id);
  if (a.auditState === AuditState.Pending) await markDraft(tx, 'exhibitorApply', id);
  await tx.update(exhibitorApply).set({ deletedAt: new Date() }).where(eq(exhibitorApply.id, id));
  await writeOpLog(tx, actor, { action: 'exhibitorApply.delete', targetType: 'exhibitorApply', targetId: id, hostId, before: { company: a.company, name: a.name, mobile: a.mobile, auditState: a.auditState } });
}
