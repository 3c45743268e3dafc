import { z } from 'zod';
import { cacheBuster, id } from './envelope.ts';
import { email, phoneNumber, smsCode } from './auth.ts';
import { formItem } from './settings.ts';

/**
 * The visitor side of the public site (issue 11, /work API-VISITOR.md, docs/visitors.md): registration,
 * sign-in, the visitor's own record and ticket, likes, follows and shares of exhibitors, and the host's
 * barcode rules for the tickets.
 */

export const visitorLang = z.enum(['zh', 'en']);
export type VisitorLang = z.infer<typeof visitorLang>;

/** A group id as it appears in a registration link (`?group=`). */
const groupId = z.string().trim().min(1).max(64);

export const expoParams = z.object({ exhibitionId: id });
export const expoExhibitorParams = z.object({ exhibitionId: id, exhibitorId: id });

/** Registration state: `notOpen` (the exhibition's version lacks `audience`, the group is closed), `over` (endAt passed). */
export const registrationState = z.enum(['open', 'notOpen', 'over']);
export type RegistrationState = z.infer<typeof registrationState>;

export const registrationQuery = z.object({ lang: visitorLang.default('zh'), group: groupId.optional() }).extend(cacheBuster.shape);
export const registrationRead = z.object({
  state: registrationState,
  /** 1 the Chinese visitor form, 2 the English one. */
  formType: z.union([z.literal(1), z.literal(2)]),
  /** The form's item: the group when it has its own form saved, else the exhibition. */
  itemId: z.string(),
  formItems: z.array(formItem),
  notice: z.string(),
  successNotice: z.string(),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The Chinese site signs in by phone and SMS code; the English site by e-mail and password. */
  smsLogin: z.boolean(),
});
export type RegistrationRead = z.infer<typeof registrationRead>;

/**
 * Chinese site: `answers.mobile` is verified by `smsCode` (sent with purpose `register`). English site:
 * `answers.email` and `answers.password` are the sign-in (an existing visitor account's password must match).
 */
export const registerVisitorBody = z.object({
  lang: visitorLang,
  groupId: groupId.optional(),
  answers: z.record(z.string(), z.unknown()),
  smsCode: smsCode.optional(),
});
export type RegisterVisitorBody = z.infer<typeof registerVisitorBody>;

export const visitorSmsLoginBody = z.object({ phoneNumber, code: smsCode });
export const visitorEmailLoginBody = z.object({ email, password: z.string().min(1).max(128) });
export type VisitorSmsLoginBody = z.infer<typeof visitorSmsLoginBody>;
export type VisitorEmailLoginBody = z.infer<typeof visitorEmailLoginBody>;

/** The badge: its number and a QR code (SVG markup) encoding it. */
export const visitorTicket = z.object({ ticketNo: z.string(), qrSvg: z.string() });
export type VisitorTicket = z.infer<typeof visitorTicket>;

/** 0 pending, 1 approved, 2 rejected (AuditState). */
export const visitorMe = z.object({
  id,
  exhibitionId: id,
  name: z.string(),
  lang: visitorLang,
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  company: z.string().optional(),
  jobTitle: z.string().optional(),
  groupId: z.string().optional(),
  groupName: z.string().optional(),
  auditState: z.number().int(),
  auditReason: z.string().optional(),
  /** YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
  createdAt: z.string(),
  /** Only once approved; null otherwise (the site shows the pending state or "failed to get ticket information"). */
  ticket: visitorTicket.nullable(),
});
export type VisitorMe = z.infer<typeof visitorMe>;

export const visitorSession = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  member: visitorMe,
});
export type VisitorSession = z.infer<typeof visitorSession>;

export const engagementState = z.object({ liked: z.boolean(), followed: z.boolean() });
export type EngagementState = z.infer<typeof engagementState>;
export const likeResult = z.object({ likeCount: z.number().int() });
export const followResult = z.object({ followCount: z.number().int() });
export const shareResult = z.object({ shareCount: z.number().int() });

/**
 * How ticket numbers are built (`GET|PUT /api/v3/barcoderules?exhibitionId`): prefix, then the
 * group's two-digit code (its position in the group list, 00 without a group) when `includeGroupCode`,
 * then a serial of `serialLength` digits, then a Luhn check digit when `checkDigit`.
 */
export const barcodeRules = z.object({
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,10}$/)
    .default(''),
  serialLength: z.number().int().min(4).max(12).default(6),
  includeGroupCode: z.boolean().default(false),
  checkDigit: z.boolean().default(false),
});
export type BarcodeRules = z.infer<typeof barcodeRules>;
export const barcodeRulesQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const barcodeRulesAnswer = barcodeRules.extend({ exhibitionId: id });
