import { z } from 'zod';
import { email, password, phoneNumber, userName } from './auth.ts';
import { host } from './domain.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) => z.string().trim().max(max).nullish();

/** Hosts as the administrator manages them (`/api/v1/host`). */
export const hostQuery = pageRequest.extend({
  /** Part of the host's name (either language). */
  name: z.string().trim().max(100).optional(),
  /** Part of the host's contact phone. */
  phoneNumber: z.string().trim().max(20).optional(),
});
export const updateHostBody = z.object({
  name: text(100).optional(),
  nameEn: optText(200),
  phoneNumber: phoneNumber.nullish(),
  contactName: optText(50),
  email: email.nullish(),
});
/** Creates a host and its first login (role 1, the host's owner) in one step. */
export const createHostAccountBody = z.object({
  name: text(100),
  nameEn: optText(200),
  phoneNumber: phoneNumber.nullish(),
  contactName: optText(50),
  email: email.nullish(),
  userName,
  password,
});
export const hostAccount = z.object({ host, userId: id, userName: z.string() });
export type HostAccount = z.infer<typeof hostAccount>;

/** A login working for a host (`/api/v3/hostinuser`). The owner reaches every exhibition of the host. */
export const hostUser = z.object({
  id,
  hostId: id,
  userId: id,
  userName: z.string(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isOwner: z.boolean(),
  isDisabled: z.boolean(),
  /** True: every exhibition of the host; false: only `exhibitionIds`. */
  allExhibitions: z.boolean(),
  exhibitionIds: z.array(id),
  createAt: when,
});
export type HostUser = z.infer<typeof hostUser>;
export const hostUserQuery = pageRequest.extend({
  hostId: id.optional(),
  /** Part of the user name, name or phone. */
  keyword: z.string().trim().max(100).optional(),
});
export const hostUserAllQuery = z.object({ hostId: id.optional() }).extend(cacheBuster.shape);
export const createHostUserBody = z.object({
  userName,
  password,
  name: text(50),
  phoneNumber: phoneNumber.nullish(),
  email: email.nullish(),
  /** Without it (or with true) the login reaches every exhibition of the host; `exhibitionIds` limits it. */
  allExhibitions: z.boolean().optional(),
  exhibitionIds: z.array(id).max(500).optional(),
});
export const updateHostUserBody = z.object({
  name: text(50).optional(),
  phoneNumber: phoneNumber.nullish(),
  email: email.nullish(),
  password: password.optional(),
  isDisabled: z.boolean().optional(),
  allExhibitions: z.boolean().optional(),
});
export const hostUserExhibitionBody = z.object({ hostInUserId: id, exhibitionId: id });
export const hostUserExhibitionQuery = hostUserExhibitionBody;

/** An organiser's application to use the platform (`/api/v3/hostapply`). */
export const hostApplyStatus = z.enum(['pending', 'approved', 'rejected']);
export type HostApplyStatus = z.infer<typeof hostApplyStatus>;
export const hostApplyBody = z.object({
  companyName: text(100),
  contactName: text(50),
  phoneNumber,
  email: email.nullish(),
  message: optText(2000),
});
export const hostApply = z.object({
  id,
  companyName: z.string(),
  contactName: z.string(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  status: hostApplyStatus,
  reason: z.string().nullable(),
  /** The host created by the approval. */
  hostId: id.nullable(),
  /** The login created by the approval (its password went to the applicant only). */
  userName: z.string().nullable(),
  decidedAt: when.nullable(),
  createAt: when,
});
export type HostApply = z.infer<typeof hostApply>;
export const hostApplyQuery = pageRequest.extend({
  status: hostApplyStatus.optional(),
  /** Part of the company name, contact name or phone. */
  keyword: z.string().trim().max(100).optional(),
});
export const decideHostApplyBody = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    /** The first login's user name; generated when absent. */
    userName: userName.optional(),
    reason: optText(500),
  }),
  z.object({ status: z.literal('rejected'), reason: text(500) }),
]);
