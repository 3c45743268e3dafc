import { z } from 'zod';
import { email, phoneNumber } from './auth.ts';
import { auditState } from './audit.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/**
 * Visitor management for hosts and exhibitors (issue 11, docs/members.md): the host's list of an
 * exhibition's registered visitors (members), their audit and blacklist, contact edits, the
 * exhibitors' customer-service members and the visitor export.
 */
const when = z.iso.datetime({ offset: true });
const yesNo = z.enum(['true', 'false']);

/** One registered visitor as the host's list shows it (name, contacts, company and job title are copied from the answers). */
export const member = z.object({
  id,
  userId: id,
  exhibitionId: id,
  name: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  groupId: z.string().nullable(),
  /** The visitor group's name when the exhibition's groups name it; else null. */
  groupName: z.string().nullable(),
  /** 'zh' (the Chinese site, form 1) or 'en' (the English site, form 2). */
  lang: z.string(),
  auditState,
  auditReason: z.string().nullable(),
  auditAt: when.nullable(),
  blacklisted: z.boolean(),
  blacklistReason: z.string().nullable(),
  blacklistAt: when.nullable(),
  ticketNo: z.string().nullable(),
  createAt: when,
});
export type Member = z.infer<typeof member>;

/** One answer of the registration form, labelled by the form's item; `text` is the answer as people read it. */
export const memberAnswer = z.object({ name: z.string(), label: z.string(), tagType: z.number().int(), value: z.unknown(), text: z.string() });
export type MemberAnswer = z.infer<typeof memberAnswer>;
export const memberDetail = member.extend({ formType: z.number().int().nullable(), answers: z.array(memberAnswer) });
export type MemberDetail = z.infer<typeof memberDetail>;

/** The list's filters (also the export's). */
export const memberFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  groupId: z.string().trim().max(100).optional(),
  auditState: z.coerce.number().pipe(auditState).optional(),
  blacklisted: yesNo.optional(),
});
export type MemberFilters = z.infer<typeof memberFilters>;
export const memberPageQuery = pageRequest.extend({ exhibitionId: id }).extend(memberFilters.shape).extend(cacheBuster.shape);
export type MemberPageQuery = z.infer<typeof memberPageQuery>;

/** The visitor groups members registered through: the id, the name when known, how many members. */
export const memberGroup = z.object({ id: z.string(), name: z.string().nullable(), count: z.number().int() });
export type MemberGroup = z.infer<typeof memberGroup>;
export const memberGroupsQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);

export const memberIdParams = z.object({ id });

/** Approve (1) or reject (2, with a reason) pending registrations; all or none. */
export const memberAuditBody = z
  .object({
    ids: z.array(id).min(1).max(500),
    auditState: z.union([z.literal(1), z.literal(2)]),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.auditState === 2 && !v.reason)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });
export type MemberAuditBody = z.infer<typeof memberAuditBody>;
export const memberAuditResult = z.object({ decided: z.number().int(), items: z.array(member) });

/** The blacklist "through a patch": a blacklisted visitor's sign-ins end and it cannot sign in or register again. */
export const memberPatchBody = z.object({ blacklisted: z.boolean(), blacklistReason: z.string().trim().max(500).optional() });
export type MemberPatchBody = z.infer<typeof memberPatchBody>;

export const memberEmailBody = z.object({ email: z.string().trim().toLowerCase().pipe(email) });
export const memberPhoneBody = z.object({ phoneNumber });

/** Exports the exhibition's visitors (the list's filters) as an .xlsx background job. */
export const memberExportBody = z.object({ exhibitionId: id, filters: memberFilters.optional() });

/** One customer-service member of an exhibitor: `id` is the row's id (the spec's `hash`). */
export const customerService = z.object({
  id,
  exhibitorId: id,
  memberId: id,
  name: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  createAt: when,
});
export type CustomerService = z.infer<typeof customerService>;
export const customerServiceListQuery = z.object({ exhibitorId: id }).extend(cacheBuster.shape);
export const customerServiceAddBody = z.object({ exhibitorId: id, phoneOrEmail: z.string().trim().min(3).max(254) });
export const customerServiceParams = z.object({ hash: id });
