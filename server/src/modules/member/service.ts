import { shownTime } from '../../http/time.ts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  FormType,
  Role,
  SettingType,
  validateFormAnswers,
  type FormAnswers,
  type RegisterVisitorBody,
  type RegistrationRead,
  type RegistrationState,
  type VisitorLang,
  type VisitorMe,
  type VisitorSession,
} from '@pavilion/contract';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/password.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { findUserByEmail, findUserByPhone, guardUnique } from '../account/service.ts';
import { startSession } from '../account/sessions.ts';
import { userAccount } from '../account/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { readForm, writeAnswers } from '../form/service.ts';
import { readSettingRow, getExhibitionSettings } from '../settings/service.ts';
import { requireCode } from '../verification/service.ts';
import { effectiveKeys } from '../version/service.ts';
import { readGroup, type GroupInfo } from './groups.ts';
import { memberScope } from './scope.ts';
import { member } from './tables.ts';
import { issueTicket, ticketQrSvg } from './ticket.ts';
import { uniqueViolation } from '../../http/errors.ts';

type MemberRow = typeof member.$inferSelect;
type UserRow = typeof userAccount.$inferSelect;
type ExhibitionRow = typeof exhibition.$inferSelect;

/** The feature key of the catalogue that opens visitor registration (docs/api.md "Versions, features and gating"). */
const AUDIENCE = 'audience';
const MIN_PASSWORD = 8;
/** A Chinese-site visitor signs in by SMS code only: no password verifies against this. */
const NO_PASSWORD = 'none$';


const formTypeOf = (lang: VisitorLang) => (lang === 'en' ? FormType.VisitorEn : FormType.VisitorZh);

/** The exhibition by id whatever its state (404 only when it never existed). */
async function exhibitionById(db: Executor, id: string): Promise<ExhibitionRow> {
  const [row] = await db.select().from(exhibition).where(eq(exhibition.id, id)).limit(1);
  if (!row) throw notFound('exhibition');
  return row;
}

/** Registration is open unless the exhibition is gone or lacks `audience` (notOpen), or has ended (over). */
async function registrationState(db: Executor, exh: ExhibitionRow, group: GroupInfo | null): Promise<RegistrationState> {
  if (exh.deletedAt || (group && !group.isOpen) || !(await effectiveKeys(db, exh.id)).includes(AUDIENCE)) return 'notOpen';
  if (exh.endAt && exh.endAt.getTime() < Date.now()) return 'over';
  return 'open';
}

const stateError = { notOpen: ErrorCode.FunctionNotOpen, over: ErrorCode.ExhibitionOver } as const;

async function groupOf(db: Executor, exhibitionId: string, groupId: string | undefined) {
  if (!groupId) return null;
  const group = await readGroup(db, exhibitionId, groupId);
  if (!group) throw notFound('group');
  return group;
}

/** The form's item: the group when the host saved a form for it, else the exhibition. */
async function formItemId(db: Executor, exhibitionId: string, group: GroupInfo | null, formType: number): Promise<string> {
  if (group && (await readSettingRow(db, { type: SettingType.FormControl, scope: group.id, name: String(formType) }))) return group.id;
  return exhibitionId;
}

/** What the registration page needs: state, form, notices and the group. */
export async function readRegistration(db: Executor, exhibitionId: string, q: { lang: VisitorLang; group?: string | undefined }): Promise<RegistrationRead> {
  const exh = await exhibitionById(db, exhibitionId);
  const group = await groupOf(db, exhibitionId, q.group);
  const formType = formTypeOf(q.lang);
  const itemId = await formItemId(db, exhibitionId, group, formType);
  const form = await readForm(db, itemId, formType);
  const reg = (await getExhibitionSettings(db, exhibitionId)).visitorReg;
  const en = q.lang === 'en';
  return {
    state: await registrationState(db, exh, group),
    formType,
    itemId,
    formItems: form.formItems,
    notice: en ? reg.noticeEn : reg.notice,
    successNotice: en ? reg.regSuccessedNoticeEn : reg.regSuccessedNotice,
    group: group ? { id: group.id, name: en && group.nameEn ? group.nameEn : group.name } : null,
    smsLogin: !en,
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** The member row's copies of the answers, for the host's lists and search. */
const copied = (values: FormAnswers) => ({
  name: text(values.name) ?? '',
  phoneNumber: text(values.mobile),
  email: text(values.email),
  company: text(values.company),
  jobTitle: text(values.jobTitle) ?? text(values.position),
});

const visitorUserName = () => `visitor_${randomBytes(8).toString('hex')}`;

/**
 * The login a registration uses. Chinese site: the phone, proven by its SMS code, finds or creates it.
 * English site: the e-mail finds it (its password must match) or creates it with the password.
 * A phone or e-mail of a back-office login is refused as taken: one login is never both.
 */
async function registrationLogin(db: Executor, lang: VisitorLang, values: FormAnswers, raw: FormAnswers, smsCode: string | undefined) {
  if (lang === 'zh') {
    const phone = text(values.mobile);
    if (!phone) throw fieldError('mobile', 'required', { field: 'mobile' });
    if (!smsCode) throw fieldError('smsCode', 'required', { field: 'smsCode' });
    await requireCode(db, { channel: 'sms', purpose: 'register', target: phone, code: smsCode });
    const user = await findUserByPhone(db, phone);
    if (user && user.role !== Role.Visitor) throw new AppError(ErrorCode.PhoneTaken);
    if (user?.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
    return { user: user ?? null, create: { phoneNumber: phone, email: null, passwordHash: NO_PASSWORD } };
  }
  const email = text(values.email);
  const password = typeof raw.password === 'string' ? raw.password : '';
  if (!email) throw fieldError('email', 'required', { field: 'email' });
  if (password.length < MIN_PASSWORD) throw fieldError('password', 'tooShort', { field: 'password', min: String(MIN_PASSWORD) });
  const user = await findUserByEmail(db, email);
  if (user && user.role !== Role.Visitor) throw new AppError(ErrorCode.EmailTaken);
  if (user) {
    if (!(await verifyPassword(password, user.passwordHash))) throw new AppError(ErrorCode.WrongPassword, {}, undefined, undefined, [{ field: 'password', issue: ErrorCode.WrongPassword }]);
    if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
    return { user, create: null };
  }
  return { user: null, create: { phoneNumber: null, email, passwordHash: await hashPassword(password) } };
}

async function refuseExisting(db: Executor, exhibitionId: string, userId: string) {
  const [row] = await db.select().from(member).where(and(eq(member.exhibitionId, exhibitionId), eq(member.userId, userId))).limit(1);
  if (row?.blacklisted) throw new AppError(ErrorCode.Blacklisted);
  if (row) throw new AppError(ErrorCode.AlreadyRegistered);
}

/**
 * A visitor registers for an exhibition (and is signed in): the answers checked against the form of
 * the group or exhibition, the login found or created, the member row and the answers written in one
 * transaction; approved at once (with its ticket) unless the exhibition's visitorReg or the group asks for audit.
 */
export async function registerVisitor(db: Executor, deps: Deps, exhibitionId: string, body: RegisterVisitorBody, actor: Actor): Promise<VisitorSession> {
  const exh = await exhibitionById(db, exhibitionId);
  const group = await groupOf(db, exhibitionId, body.groupId);
  const state = await registrationState(db, exh, group);
  if (state !== 'open') throw new AppError(stateError[state]);
  const formType = formTypeOf(body.lang);
  const itemId = await formItemId(db, exhibitionId, group, formType);
  const form = await readForm(db, itemId, formType);
  const { values, errors } = validateFormAnswers(form.formItems, body.answers, { international: formType === FormType.VisitorEn });
  if (errors.length) throw new AppError(ErrorCode.ValidationFailed, {}, undefined, undefined, errors.map((e) => ({ field: e.name, issue: e.issue, params: { field: e.label } })));
  const login = await registrationLogin(db, body.lang, values, body.answers, body.smsCode);
  if (login.user) await refuseExisting(db, exhibitionId, login.user.id);
  const needAudit = (await getExhibitionSettings(db, exhibitionId)).visitorReg.needAudit || (group?.needAudit ?? false);
  const { user, row } = await db
    .transaction(async (tx) => {
      const user =
        login.user ??
        (await guardUnique(async () => (await tx.insert(userAccount).values({ userName: visitorUserName(), name: copied(values).name || null, role: Role.Visitor, ...login.create! }).returning())[0]!));
      const [inserted] = await tx
        .insert(member)
        .values({
          exhibitionId,
          userId: user.id,
          groupId: group?.id ?? null,
          lang: body.lang,
          ...copied(values),
          auditState: needAudit ? AuditState.Pending : AuditState.Approved,
          auditedAt: needAudit ? null : new Date(),
        })
        .returning();
      await writeAnswers(tx, { userId: user.id, itemId, formType }, body.answers, { secret: ['password'] });
      if (!needAudit) await issueTicket(tx, inserted!.id);
      await writeOpLog(tx, actor, { action: 'member.register', targetType: 'member', targetId: inserted!.id, hostId: exh.hostId, after: { exhibitionId, groupId: group?.id ?? null, lang: body.lang, auditState: inserted!.auditState } });
      const [row] = await tx.select().from(member).where(eq(member.id, inserted!.id));
      return { user, row: row! };
    })
    .catch((err: unknown) => {
      if (uniqueViolation(err) === 'member_exhibition_user_key') throw new AppError(ErrorCode.AlreadyRegistered);
      throw err;
    });
  return visitorSessionOf(db, deps, user, row);
}

async function visitorSessionOf(db: Executor, deps: Deps, user: UserRow, row: MemberRow): Promise<VisitorSession> {
  const token = await startSession(db, deps, user, deps.config.webClient.id, row.exhibitionId);
  return { accessToken: token.access_token, refreshToken: token.refresh_token!, expiresIn: token.expires_in, member: await toVisitorMe(db, row) };
}

/** The registration a sign-in opens: none is NotRegistered, a blacklisted one is refused. */
async function signInMember(db: Executor, deps: Deps, exhibitionId: string, user: UserRow | undefined): Promise<VisitorSession> {
  const [exh] = await db.select({ deletedAt: exhibition.deletedAt }).from(exhibition).where(eq(exhibition.id, exhibitionId));
  if (!exh || exh.deletedAt) throw notFound('exhibition');
  if (!user || user.role !== Role.Visitor) throw new AppError(ErrorCode.NotRegistered);
  if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
  const [row] = await db.select().from(member).where(and(eq(member.exhibitionId, exhibitionId), eq(member.userId, user.id))).limit(1);
  if (!row) throw new AppError(ErrorCode.NotRegistered);
  if (row.blacklisted) throw new AppError(ErrorCode.Blacklisted);
  return visitorSessionOf(db, deps, user, row);
}

/** Chinese site: phone and SMS code (sent with purpose `login`). */
export async function loginVisitorBySms(db: Executor, deps: Deps, exhibitionId: string, body: { phoneNumber: string; code: string }, ip: string) {
  await enforceLimits(deps.shared, [LIMITS.loginPerIp(ip, deps.config.rateLimits.loginPerIp), LIMITS.loginPerAccount(body.phoneNumber)]);
  await requireCode(db, { channel: 'sms', purpose: 'login', target: body.phoneNumber, code: body.code });
  return signInMember(db, deps, exhibitionId, await findUserByPhone(db, body.phoneNumber));
}

/** English site: e-mail and password; a wrong password and an unknown e-mail answer alike. */
export async function loginVisitorByEmail(db: Executor, deps: Deps, exhibitionId: string, body: { email: string; password: string }, ip: string) {
  await enforceLimits(deps.shared, [LIMITS.loginPerIp(ip, deps.config.rateLimits.loginPerIp), LIMITS.loginPerAccount(body.email)]);
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(body.password, user?.role === Role.Visitor ? user.passwordHash : DUMMY_HASH);
  if (!user || !ok) throw new AppError(ErrorCode.WrongPassword);
  return signInMember(db, deps, exhibitionId, user);
}

async function groupName(db: Executor, row: MemberRow): Promise<string | null> {
  if (!row.groupId) return null;
  const group = await readGroup(db, row.exhibitionId, row.groupId);
  return group ? (row.lang === 'en' && group.nameEn ? group.nameEn : group.name) : null;
}

export async function toVisitorMe(db: Executor, row: MemberRow): Promise<VisitorMe> {
  const opt = <K extends string>(key: K, v: string | null) => (v ? ({ [key]: v } as Record<K, string>) : {});
  const approved = row.auditState === AuditState.Approved && row.ticketNo;
  return {
    id: row.id,
    exhibitionId: row.exhibitionId,
    name: row.name,
    lang: row.lang === 'en' ? 'en' : 'zh',
    ...opt('phoneNumber', row.phoneNumber),
    ...opt('email', row.email),
    ...opt('company', row.company),
    ...opt('jobTitle', row.jobTitle),
    ...opt('groupId', row.groupId),
    ...opt('groupName', await groupName(db, row)),
    auditState: row.auditState,
    ...opt('auditReason', row.auditReason),
    createdAt: shownTime(row.createdAt),
    ticket: approved ? { ticketNo: row.ticketNo!, qrSvg: await ticketQrSvg(row.ticketNo!) } : null,
  };
}

/**
 * The signed-in visitor's own registration in the exhibition of the call (another exhibition: 404).
 * An approved one without a number (approved by a path that did not issue it) gets it now.
 */
export async function readOwnMember(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<VisitorMe> {
  let [row] = await db.select().from(member).where(memberScope(p, exhibitionId)).limit(1);
  if (!row) throw notFound('member');
  if (row.auditState === AuditState.Approved && !row.ticketNo) {
    await db.transaction((tx) => issueTicket(tx, row!.id));
    [row] = await db.select().from(member).where(eq(member.id, row.id));
  }
  return toVisitorMe(db, row!);
}
