import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import {
  AuditState,
  CONSULT_WINDOW_SECONDS,
  CONSULTS_PER_WINDOW,
  ErrorCode,
  toPage,
  type Consult,
  type ConsultCategory,
  type ConsultFilters,
  type MyConsult,
  type Page,
  type PageRequest,
  type PublicConsult,
} from '@pavilion/contract';
import { markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import type { SharedState } from '../../infra/kv.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { exhibition } from '../exhibition/tables.ts';
import { member } from '../member/tables.ts';
import { effectiveKeys } from '../version/service.ts';
import { consultById, consultScope } from './scope.ts';
import { consult } from './tables.ts';

export const CONSULT_FEATURE = 'advisory' as const;

type Row = typeof consult.$inferSelect;

/** What the audit queue shows of a question. */
const snapshotOf = (r: Row) => ({
  category: r.category,
  isPublic: r.isPublic,
  question: r.question,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  contactEmail: r.contactEmail,
});

registerAuditType({
  type: 'consult',
  table: consult,
  stateColumn: consult.auditState,
  reasonColumn: consult.auditReason,
  submitAtColumn: consult.submitAt,
  auditAtColumn: consult.auditAt,
  exhibitionIdColumn: consult.exhibitionId,
  title: (row: Row) => row.question.slice(0, 60),
  snapshot: snapshotOf,
});

/** Questions with the visitor's registered name. */
const rows = (db: Executor) =>
  db
    .select({ c: consult, visitorName: member.name })
    .from(consult)
    .leftJoin(member, and(eq(member.userId, consult.userId), eq(member.exhibitionId, consult.exhibitionId)));
type Joined = { c: Row; visitorName: string | null };

const toMine = (c: Row): MyConsult => ({
  id: c.id,
  category: c.category as ConsultCategory | null,
  question: c.question,
  isPublic: c.isPublic,
  answer: c.answer,
  answeredAt: iso(c.answeredAt),
  ...auditedOf(c),
  createAt: c.createdAt.toISOString(),
});

const toConsult = ({ c, visitorName }: Joined): Consult => ({
  ...toMine(c),
  exhibitionId: c.exhibitionId,
  userId: c.userId,
  visitorName,
  contactName: c.contactName,
  contactPhone: c.contactPhone,
  contactEmail: c.contactEmail,
  isShow: c.isShow,
  answeredBy: c.answeredBy,
});

/** The exhibition exists and runs the `advisory` feature (403 4019): the site's reads have no gate of their own. */
export async function consultExhibition(db: Executor, exhibitionId: string): Promise<void> {
  const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
  if (!(await effectiveKeys(db, exhibitionId)).includes(CONSULT_FEATURE)) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: CONSULT_FEATURE });
}

/* ---- the visitor site ---- */

/** What anyone may read: approved, answered, public and shown. */
const published = (exhibitionId: string): SQL =>
  and(eq(consult.exhibitionId, exhibitionId), isNull(consult.deletedAt), eq(consult.auditState, AuditState.Approved), isNotNull(consult.answeredAt), eq(consult.isPublic, true), eq(consult.isShow, true))!;

export async function publicConsults(db: Executor, exhibitionId: string, q: PageRequest): Promise<Page<PublicConsult>> {
  await consultExhibition(db, exhibitionId);
  const where = published(exhibitionId);
  const total = await db.$count(consult, where);
  if (!total) return toPage([], 0, q);
  const found = await db
    .select({ id: consult.id, category: consult.category, question: consult.question, answer: consult.answer, answeredAt: consult.answeredAt, createdAt: consult.createdAt })
    .from(consult)
    .where(where)
    .orderBy(desc(consult.answeredAt), desc(consult.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    found.map((r) => ({ id: r.id, category: r.category as ConsultCategory | null, question: r.question, answer: r.answer ?? '', answeredAt: r.answeredAt!.toISOString(), createAt: r.createdAt.toISOString() })),
    total,
    q,
  );
}

export type AskConsult = { category?: ConsultCategory | undefined; question: string; isPublic: boolean; shareContact: boolean };

async function askLimit(shared: SharedState, userId: string, exhibitionId: string) {
  const r = await shared.hit(`consult:${userId}:${exhibitionId}`, CONSULTS_PER_WINDOW, CONSULT_WINDOW_SECONDS);
  if (!r.allowed) throw new AppError(ErrorCode.ConsultTooFrequent, { seconds: r.retryAfter }, undefined, { 'retry-after': String(r.retryAfter) });
}

/**
 * A signed-in, approved visitor's question (already through the sensitive-word check). Always submitted for the host's
 * audit; the contact is copied from the registration only when shared.
 */
export async function askConsult(ctx: WriteContext, shared: SharedState, exhibitionId: string, body: AskConsult): Promise<MyConsult> {
  const { tx, principal: p, actor } = ctx;
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await tx.select().from(member).where(eq(member.id, memberId));
  if (!m) throw notFound('member');
  if (m.auditState !== AuditState.Approved) throw forbidden();
  await askLimit(shared, p.userId, exhibitionId);
  const [row] = await tx
    .insert(consult)
    .values({
      exhibitionId,
      userId: p.userId,
      category: body.category ?? null,
      question: body.question,
      isPublic: body.isPublic,
      ...(body.shareContact ? { contactName: m.name, contactPhone: m.phoneNumber, contactEmail: m.email } : {}),
      auditState: AuditState.Draft,
    })
    .returning();
  await submitForAudit(tx, actor, { type: 'consult', targetId: row!.id, exhibitionId });
  const [after] = await tx.select().from(consult).where(eq(consult.id, row!.id));
  return toMine(after!);
}

/** The visitor's own questions in the exhibition, newest first. */
export async function myConsults(db: Executor, p: UserPrincipal, exhibitionId: string, q: PageRequest): Promise<Page<MyConsult>> {
  visitorMemberId(p, exhibitionId);
  const where = and(eq(consult.userId, p.userId), eq(consult.exhibitionId, exhibitionId), isNull(consult.deletedAt))!;
  const total = await db.$count(consult, where);
  if (!total) return toPage([], 0, q);
  const found = await db
    .select()
    .from(consult)
    .where(where)
    .orderBy(desc(consult.createdAt), desc(consult.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(found.map(toMine), total, q);
}

/* ---- the back office ---- */

/** The filters of the page and the export that need no principal; the keyword also matches the visitor's name (joined). */
export function filterWhere(f: ConsultFilters): SQL | undefined {
  const like = f.keyword ? containing(f.keyword) : null;
  return and(
    f.category ? eq(consult.category, f.category) : undefined,
    f.answered === true ? isNotNull(consult.answeredAt) : f.answered === false ? isNull(consult.answeredAt) : undefined,
    f.auditState !== undefined ? eq(consult.auditState, f.auditState) : undefined,
    like ? or(ilike(consult.question, like), ilike(consult.answer, like), ilike(member.name, like)) : undefined,
    f.createdFrom ? gte(consult.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lte(consult.createdAt, new Date(f.createdTo)) : undefined,
  );
}

/** The page's condition: the scope first, then the filters. */
export const consultWhere = (p: UserPrincipal, f: ConsultFilters): SQL => and(consultScope(p), f.exhibitionId ? eq(consult.exhibitionId, f.exhibitionId) : undefined, filterWhere(f))!;

export async function consultPage(db: Executor, p: UserPrincipal, q: ConsultFilters & PageRequest): Promise<Page<Consult>> {
  const where = consultWhere(p, q);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(consult)
    .leftJoin(member, and(eq(member.userId, consult.userId), eq(member.exhibitionId, consult.exhibitionId)))
    .where(where);
  if (!total) return toPage([], 0, q);
  const found = await rows(db)
    .where(where)
    .orderBy(desc(consult.createdAt), desc(consult.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(found.map(toConsult), total, q);
}

async function reachable(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await rows(db).where(consultById(p, id));
  if (!row) throw notFound('consult');
  return row;
}

export const findConsult = async (db: Executor, p: UserPrincipal, id: string): Promise<Consult> => toConsult(await reachable(db, p, id));

const hostOf = async (tx: Executor, exhibitionId: string) => (await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exhibitionId)))[0]?.hostId ?? null;

const answeredText = {
  'zh-CN': (exh: string) => `【${exh}】主办方已回复您的咨询，请登录展会网站“我的咨询”查看。`,
  en: (exh: string) => `[${exh}] The organiser answered your question; see "My questions" on the exhibition's site.`,
};

/** Tells the visitor (SMS to the registration's phone, else e-mail, in its language) that the question was answered. */
async function tellVisitor(tx: Executor, messenger: Deps['messenger'], c: Row): Promise<void> {
  if (!c.userId) return;
  const [m] = await tx
    .select({ phone: member.phoneNumber, email: member.email, lang: member.lang, exh: exhibition.name, exhEn: exhibition.nameEn })
    .from(member)
    .innerJoin(exhibition, eq(exhibition.id, member.exhibitionId))
    .where(and(eq(member.exhibitionId, c.exhibitionId), eq(member.userId, c.userId)))
    .limit(1);
  if (!m) return;
  const en = m.lang === 'en';
  const body = en ? answeredText.en(m.exhEn || m.exh) : answeredText['zh-CN'](m.exh);
  if (m.phone) await messenger.send(tx, { channel: 'sms', recipient: m.phone, body });
  else if (m.email) await messenger.send(tx, { channel: 'email', recipient: m.email, subject: en ? 'Your question was answered' : '您的咨询已回复', body });
}

/** The host's answer (text already checked); a later answer replaces it. The visitor is told through the outbox. */
export async function answerConsult(ctx: WriteContext, messenger: Deps['messenger'], id: string, answer: string): Promise<Consult> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachable(tx, p, id);
  const now = new Date();
  await tx.update(consult).set({ answer, answeredAt: now, answeredBy: p.userId }).where(eq(consult.id, id));
  await writeOpLog(tx, actor, { action: 'consult.answer', targetType: 'consult', targetId: id, hostId: await hostOf(tx, before.c.exhibitionId), before: { answer: before.c.answer }, after: { answer } });
  await tellVisitor(tx, messenger, before.c);
  return findConsult(tx, p, id);
}

export async function showConsult(ctx: WriteContext, id: string, isShow: boolean): Promise<Consult> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachable(tx, p, id);
  if (before.c.isShow !== isShow) {
    await tx.update(consult).set({ isShow }).where(eq(consult.id, id));
    await writeOpLog(tx, actor, { action: 'consult.show', targetType: 'consult', targetId: id, hostId: await hostOf(tx, before.c.exhibitionId), before: { isShow: before.c.isShow }, after: { isShow } });
  }
  return findConsult(tx, p, id);
}

/** Soft delete; a pending question leaves the queue. */
export async function deleteConsult(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachable(tx, p, id);
  if (before.c.auditState === AuditState.Pending) await markDraft(tx, 'consult', id);
  await tx.update(consult).set({ deletedAt: new Date() }).where(eq(consult.id, id));
  await writeOpLog(tx, actor, { action: 'consult.delete', targetType: 'consult', targetId: id, hostId: await hostOf(tx, before.c.exhibitionId), before: snapshotOf(before.c) });
}

/** The exhibition of a question, for the feature gate (an unknown id is a 404, as its read would be). */
export async function exhibitionOfConsult(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: consult.exhibitionId }).from(consult).where(and(eq(consult.id, id), isNull(consult.deletedAt)));
  if (!row) throw notFound('consult');
  return row.e;
}
