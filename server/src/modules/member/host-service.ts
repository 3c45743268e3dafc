import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  FormType,
  TagType,
  toPage,
  type FormItem,
  type Member,
  type MemberAnswer,
  type MemberAuditBody,
  type MemberDetail,
  type MemberFilters,
  type MemberPageQuery,
  type MemberPatchBody,
} from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { assertContactFree, guardUnique } from '../account/service.ts';
import { revokeSession } from '../account/sessions.ts';
import { authSession, userAccount } from '../account/tables.ts';
import { readForm } from '../form/service.ts';
import { formWrite } from '../form/tables.ts';
import { memberScope } from './scope.ts';
import { member } from './tables.ts';
import { readGroups } from './groups.ts';
import { issueTicket } from './ticket.ts';
import { principalsChanged } from '../../auth/principal-cache.ts';

type MemberRow = typeof member.$inferSelect;

/** The names of an exhibition's visitor groups by id. */
export const groupNamesOf = async (db: Executor, exhibitionId: string): Promise<Map<string, string>> =>
  new Map((await readGroups(db, exhibitionId)).map((g) => [g.id, g.name]));

export const toMember = (r: MemberRow, names: Map<string, string>): Member => ({
  id: r.id,
  userId: r.userId,
  exhibitionId: r.exhibitionId,
  name: r.name,
  phoneNumber: r.phoneNumber,
  email: r.email,
  company: r.company,
  jobTitle: r.jobTitle,
  groupId: r.groupId,
  groupName: r.groupId ? (names.get(r.groupId) ?? null) : null,
  lang: r.lang,
  auditState: r.auditState as Member['auditState'],
  auditReason: r.auditReason,
  auditAt: r.auditedAt?.toISOString() ?? null,
  blacklisted: r.blacklisted,
  blacklistReason: r.blacklistReason,
  blacklistAt: r.blacklistedAt?.toISOString() ?? null,
  ticketNo: r.ticketNo,
  createAt: r.createdAt.toISOString(),
});

/** The list's filters over one exhibition's members (the export runs them without a principal: the job was scoped when started). */
export function memberFilterWhere(exhibitionId: string, f: MemberFilters): SQL {
  const parts: (SQL | undefined)[] = [eq(member.exhibitionId, exhibitionId)];
  if (f.keyword) {
    const like = containing(f.keyword);
    parts.push(or(ilike(member.name, like), ilike(member.phoneNumber, like), ilike(member.email, like), ilike(member.company, like)));
  }
  if (f.groupId) parts.push(eq(member.groupId, f.groupId));
  if (f.auditState !== undefined) parts.push(eq(member.auditState, f.auditState));
  if (f.blacklisted) parts.push(eq(member.blacklisted, f.blacklisted === 'true'));
  return and(...parts)!;
}

/** The principal's scope first, then the exhibition and the filters. */
export const memberWhere = (p: UserPrincipal, exhibitionId: string, f: MemberFilters): SQL => and(memberScope(p), memberFilterWhere(exhibitionId, f))!;

/** The exhibition's visitors, newest first. The exhibition must be the caller's (else 404). */
export async function memberPage(db: Executor, p: UserPrincipal, q: MemberPageQuery) {
  const exh = await reachableExhibition(db, p, q.exhibitionId);
  const where = memberWhere(p, exh.id, q);
  const [rows, [total], names] = await Promise.all([
    db
      .select()
      .from(member)
      .where(where)
      .orderBy(desc(member.createdAt), asc(member.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(member).where(where),
    groupNamesOf(db, exh.id),
  ]);
  return toPage(
    rows.map((r) => toMember(r, names)),
    total?.n ?? 0,
    q,
  );
}

/** The groups the exhibition's visitors registered through (for the list's filter), with their counts. */
export async function memberGroups(db: Executor, p: UserPrincipal, exhibitionId: string) {
  const exh = await reachableExhibition(db, p, exhibitionId);
  const [rows, names] = await Promise.all([
    db
      .select({ id: member.groupId, count: count() })
      .from(member)
      .where(and(memberScope(p), eq(member.exhibitionId, exh.id), isNotNull(member.groupId)))
      .groupBy(member.groupId)
      .orderBy(asc(member.groupId)),
    groupNamesOf(db, exh.id),
  ]);
  return rows.map((r) => ({ id: r.id!, name: names.get(r.id!) ?? null, count: r.count }));
}

/** One member the principal reaches, else 404. */
export async function loadMember(db: Executor, p: UserPrincipal, id: string): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(member)
    .where(and(memberScope(p), eq(member.id, id)))
    .limit(1);
  if (!row) throw notFound('member');
  return row;
}

/** The exhibition of a member, for the feature gate (which then checks the caller reaches it). */
export async function memberExhibition(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: member.exhibitionId }).from(member).where(and(eq(member.id, id))).limit(1);
  if (!row) throw notFound('member');
  return row.exhibitionId;
}

/** Never shown or exported, whatever a form stores. */
const SECRET_ITEMS = new Set(['password']);

const optionLabel = (item: FormItem, value: unknown) => item.attributes.options.find((o) => o.value === value)?.label ?? String(value);

/** An answer as people read it: option labels for choices, lists joined, a range as "start ~ end". */
export function answerText(item: FormItem, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const list = Array.isArray(value) ? value : [value];
  switch (item.tagType) {
    case TagType.Select:
    case TagType.Radio:
    case TagType.Checkbox:
      return list.map((v) => optionLabel(item, v)).join(', ');
    case TagType.DateRange:
      return list.map(String).join(' ~ ');
    case TagType.Cascade:
      return item.attributes.options.length ? list.map((v) => optionLabel(item, v)).join(', ') : list.map(String).join('/');
    default:
      return list.map(String).join(', ');
  }
}

/** The answerable items of a form, in order (descriptive text and secrets left out). */
export const answerItems = (items: FormItem[]) => [...items].sort((a, b) => a.showIndex - b.showIndex).filter((i) => i.tagType !== TagType.Text && !SECRET_ITEMS.has(i.name));

/** The registration answers of a member: its form_write row of the visitor forms, labelled by the form it answered. */
async function memberAnswers(db: Executor, m: MemberRow): Promise<{ formType: number | null; answers: MemberAnswer[] }> {
  const preferred = m.lang === 'en' ? FormType.VisitorEn : FormType.VisitorZh;
  const rows = await db
    .select()
    .from(formWrite)
    .where(and(eq(formWrite.userId, m.userId), eq(formWrite.exhibitionId, m.exhibitionId), inArray(formWrite.formType, [FormType.VisitorZh, FormType.VisitorEn])));
  const row = rows.find((r) => r.formType === preferred && r.itemId === (m.groupId ?? m.exhibitionId)) ?? rows.find((r) => r.formType === preferred) ?? rows[0];
  if (!row) return { formType: null, answers: [] };
  const form = await readForm(db, row.itemId, row.formType);
  const values = row.answers as Record<string, unknown>;
  const answers = answerItems(form.formItems).map((item) => ({ name: item.name, label: item.label, tagType: item.tagType, value: values[item.name] ?? null, text: answerText(item, values[item.name]) }));
  return { formType: row.formType, answers };
}

export async function memberDetail(db: Executor, p: UserPrincipal, id: string): Promise<MemberDetail> {
  const m = await loadMember(db, p, id);
  const [names, answers] = await Promise.all([groupNamesOf(db, m.exhibitionId), memberAnswers(db, m)]);
  return { ...toMember(m, names), ...answers };
}

/** What approval sets off besides the state: the visitor's ticket. */
async function onApproved(tx: Executor, memberIds: string[]): Promise<void> {
  for (const id of memberIds) await issueTicket(tx, id);
}

/**
 * Approves or rejects pending registrations, all or none: an id the caller does not reach is a 404,
 * one already decided a 409 (AuditNotPending), and nothing changes. One operation-log row each.
 */
export async function auditMembers(ctx: WriteContext, body: MemberAuditBody): Promise<Member[]> {
  const { tx, principal: p, actor } = ctx;
  const ids = [...new Set(body.ids)];
  const rows = await tx
    .select()
    .from(member)
    .where(and(memberScope(p), inArray(member.id, ids)))
    .for('update');
  if (rows.length !== ids.length) throw notFound('member');
  if (rows.some((r) => r.auditState !== AuditState.Pending)) throw new AppError(ErrorCode.AuditNotPending);
  const reason = body.auditState === AuditState.Rejected ? (body.reason ?? null) : null;
  const updated = await tx.update(member).set({ auditState: body.auditState, auditReason: reason, auditedAt: new Date(), updatedAt: new Date() }).where(inArray(member.id, ids)).returning();
  if (body.auditState === AuditState.Approved) await onApproved(tx, ids);
  const hosts = await hostsOf(tx, rows.map((r) => r.exhibitionId));
  for (const r of rows)
    await writeOpLog(tx, actor, {
      action: body.auditState === AuditState.Approved ? 'member.approve' : 'member.reject',
      targetType: 'member',
      targetId: r.id,
      hostId: hosts.get(r.exhibitionId) ?? null,
      before: { auditState: r.auditState },
      after: { auditState: body.auditState, reason },
    });
  const names = rows.length ? await groupNamesOf(tx, rows[0]!.exhibitionId) : new Map<string, string>();
  const byId = new Map(updated.map((r) => [r.id, r]));
  return ids.map((id) => toMember(byId.get(id)!, names));
}

async function hostsOf(db: Executor, exhibitionIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(exhibitionIds)];
  if (!ids.length) return new Map();
  const rows = await db.execute(sql`select id, host_id from exhibition where id in ${ids}`);
  return new Map((rows as unknown as { rows: { id: string; host_id: string }[] }).rows.map((r) => [r.id, r.host_id]));
}

/** Ends the visitor's sign-ins to this exhibition (its account may be a visitor of others too). */
async function revokeMemberSessions(tx: Executor, m: MemberRow) {
  const sessions = await tx
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.userId, m.userId), eq(authSession.exhibitionId, m.exhibitionId), isNull(authSession.revokedAt)));
  for (const s of sessions) await revokeSession(tx, s.id, 'member blacklisted');
}

/** Puts a member on the blacklist (its sign-ins to the exhibition end) or takes it off. */
export async function patchMember(ctx: WriteContext, id: string, body: MemberPatchBody): Promise<Member> {
  const { tx, principal: p, actor } = ctx;
  const m = await loadMember(tx, p, id);
  const set = body.blacklisted
    ? { blacklisted: true, blacklistReason: body.blacklistReason || null, blacklistedAt: m.blacklisted ? m.blacklistedAt : new Date() }
    : { blacklisted: false, blacklistReason: null, blacklistedAt: null };
  const [updated] = await tx.update(member).set({ ...set, updatedAt: new Date() }).where(eq(member.id, m.id)).returning();
  if (body.blacklisted) await revokeMemberSessions(tx, m);
  await principalsChanged(tx, { userIds: [m.userId] });
  const hosts = await hostsOf(tx, [m.exhibitionId]);
  await writeOpLog(tx, actor, {
    action: body.blacklisted ? 'member.blacklist' : 'member.unblacklist',
    targetType: 'member',
    targetId: m.id,
    hostId: hosts.get(m.exhibitionId) ?? null,
    before: { blacklisted: m.blacklisted, blacklistReason: m.blacklistReason },
    after: { blacklisted: set.blacklisted, blacklistReason: set.blacklistReason },
  });
  return toMember(updated!, await groupNamesOf(tx, m.exhibitionId));
}

export type ContactField = 'email' | 'phoneNumber';

/**
 * Changes a visitor's e-mail or mobile: its login (user_account) and the copies on its member rows.
 * Another account's contact answers PhoneTaken / EmailTaken ('Mobile already exists', 'E-mail already exists').
 */
export async function setMemberContact(ctx: WriteContext, m: MemberRow, field: ContactField, value: string, hostId: string | null): Promise<MemberRow> {
  const { tx, actor } = ctx;
  await assertContactFree(tx, field, value, m.userId);
  await guardUnique(() => tx.update(userAccount).set({ [field]: value }).where(eq(userAccount.id, m.userId)));
  const [updated] = await tx.update(member).set({ [field]: value, updatedAt: new Date() }).where(eq(member.id, m.id)).returning();
  await tx.update(member).set({ [field]: value, updatedAt: new Date() }).where(and(eq(member.userId, m.userId), sql`${member.id} <> ${m.id}`));
  await writeOpLog(tx, actor, {
    action: field === 'email' ? 'member.email.update' : 'member.phone.update',
    targetType: 'member',
    targetId: m.id,
    hostId,
    before: { [field]: m[field] },
    after: { [field]: value },
  });
  return updated!;
}

export async function updateMemberContact(ctx: WriteContext, id: string, field: ContactField, value: string): Promise<Member> {
  const m = await loadMember(ctx.tx, ctx.principal, id);
  const hosts = await hostsOf(ctx.tx, [m.exhibitionId]);
  const updated = await setMemberContact(ctx, m, field, value, hosts.get(m.exhibitionId) ?? null);
  return toMember(updated, await groupNamesOf(ctx.tx, m.exhibitionId));
}
