import { z } from 'zod';
import { httpUrl } from './url.ts';
import { phoneNumber, email, userName, password } from './auth.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { auditState } from './audit.ts';
import { company } from './domain.ts';

/**
 * Exhibitors (the spec's "join": a company's participation in one exhibition) and companies
 * (issue 3, part B). Fields as part 1 §3 "Exhibitor (as read for listings)"; see docs/api.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
/** Integer counters of part 1 §3, all starting at 0. */
export const exhibitorCounters = [
  'followCount',
  'likeCount',
  'lookCount',
  'proCount',
  'activityCount',
  'liveCount',
  'continuouNumber',
  'shareCount',
  'talkCount',
  'thinkCount',
  'userCount',
  'viewCount',
] as const;
export type ExhibitorCounter = (typeof exhibitorCounters)[number];

/** The company as an exhibitor listing nests it (part 1 §3): the shared company shape. */
export const exhibitorCompany = company;
export const exhibitorCategory = z.object({ id, name: z.string(), nameEn: z.string().nullable() });

/** One exhibitor as every listing and detail call answers it. */
export const exhibitor = z.object({
  id,
  compId: id,
  exhibitionId: id,
  banner: z.string().nullable(),
  boothArea: z.string().nullable(),
  boothInfo: z.string().nullable(),
  topic: z.string().nullable(),
  topicStart: when.nullable(),
  topicEnd: when.nullable(),
  topicType: z.number().int().nullable(),
  pTopic: z.string().nullable(),
  pTopicStart: when.nullable(),
  pTopicEnd: when.nullable(),
  pTopicType: z.number().int().nullable(),
  /** Category names joined by "," (the spec's `category`); the records are in `categories`. */
  category: z.string().nullable(),
  categoryIds: z.array(id),
  categories: z.array(exhibitorCategory),
  isPopularize: z.boolean(),
  isLiving: z.boolean(),
  ...(Object.fromEntries(exhibitorCounters.map((k) => [k, z.number().int()])) as Record<ExhibitorCounter, z.ZodNumber>),
  isShow: z.boolean(),
  showIndex: z.number().int(),
  auditState,
  auditReason: z.string().nullable(),
  createAt: when,
  updateAt: when,
  company: exhibitorCompany,
});
export type Exhibitor = z.infer<typeof exhibitor>;

/** Host-side search (admin/exhibitor): drafts (-3) are never listed. */
export const exhibitorQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  /** Part of the company name, Chinese or English. */
  companyName: text(100).optional(),
  categoryId: id.optional(),
  auditState: auditState.optional(),
  isShow: z.boolean().optional(),
  /** Exhibitors with (true) or without (false) a catalogue entry / lintel: the task and task-not lists. */
  hasJournal: z.boolean().optional(),
  hasLintel: z.boolean().optional(),
  /** With (true) or without (false) a staff badge handed in (not counting deleted ones): admin/card/task(-not). */
  hasCard: z.boolean().optional(),
  /** With (true) or without (false) the company's invoice details / a brand topic (品牌专区): admin/invoice/task, admin/brand/task(-not). */
  hasInvoice: z.boolean().optional(),
  hasBrandTopic: z.boolean().optional(),
  /** Exactly this brand topic (admin/brand's topic filter). */
  pTopic: text(100).optional(),
});
export type ExhibitorQuery = z.infer<typeof exhibitorQuery>;

const topicWindow = { topic: optText(100), topicStart: when.nullish(), topicEnd: when.nullish(), topicType: z.number().int().min(0).max(1000).nullish() };
const brandTopicWindow = { pTopic: optText(100), pTopicStart: when.nullish(), pTopicEnd: when.nullish(), pTopicType: z.number().int().min(0).max(1000).nullish() };

/** The join's own fields a host sets. */
export const exhibitorFields = z.object({
  banner: httpUrl(2000).nullish(),
  boothArea: optText(100),
  boothInfo: optText(200),
  ...topicWindow,
  ...brandTopicWindow,
  isPopularize: z.boolean().optional(),
  isLiving: z.boolean().optional(),
  isShow: z.boolean().optional(),
  showIndex: z.number().int().min(0).max(1_000_000).optional(),
  /** At most the exhibition's `exhibitorCategoryNumber` (default 5) categories of the exhibition's host. */
  categoryIds: z.array(id).max(100).optional(),
});

export const companyFields = z.object({
  name: text(200).min(1),
  nameEn: optText(200),
  logo: httpUrl(2000).nullish(),
  region: optText(200),
  address: optText(500),
});

export const exhibitorAccount = z.object({
  userName,
  password,
  name: optText(100),
  phoneNumber: phoneNumber.optional(),
  email: email.optional(),
});

/** `POST /api/v1/exhibitor/create`: an existing company by `company.id`, or a new one by its fields. */
export const createExhibitorBody = exhibitorFields.extend({
  exhibitionId: id,
  company: z.union([z.object({ id }), companyFields]),
  account: exhibitorAccount.optional(),
});

/** Update, patch and PATCH: only the fields sent change; `company` changes the company's own fields. */
export const updateExhibitorBody = exhibitorFields.extend({ company: companyFields.partial().optional() });
export const exhibitorShowBody = z.object({ id, isShow: z.boolean() });
export const exhibitorBulkDeleteBody = z.object({ ids: z.array(id).min(1).max(1000) });

export const exhibitorWithCompany = z.object({
  exhibitor: exhibitor.omit({ company: true }),
  company: exhibitorCompany.extend({ createAt: when }),
});

/** The request api's join calls (`/api/join`). */
export const joinCreateBody = exhibitorFields.extend({ exhibitionId: id, companyId: id });
export const joinUpdateBody = updateExhibitorBody.extend({ id });
export const setTopicBody = z.object({ id, ...topicWindow });
export const setBrandTopicBody = z.object({ id, ...brandTopicWindow });
export const joinByManagerBody = pageRequest.extend({ exhibitionId: id.optional(), companyName: text(100).optional() });
export const joinOfManager = exhibitor.extend({ exhibition: z.object({ id, name: z.string(), nameEn: z.string().nullable(), startAt: when.nullable(), endAt: when.nullable() }) });

/** The request api's company calls (`/api/company`, administrator). */
export const companyCreateBody = companyFields;
export const companyUpdateBody = companyFields.partial().extend({ id });

/** Company staff (contacts), `POST /api/staff` and `GET /api/staff/GetDefault?compId`. */
export const companyStaff = z.object({
  id,
  compId: id,
  name: z.string(),
  position: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isDefault: z.boolean(),
  createAt: when,
});
export type CompanyStaff = z.infer<typeof companyStaff>;
export const companyStaffBody = z.object({
  compId: id,
  name: text(100).min(1),
  position: optText(100),
  phoneNumber: phoneNumber.nullish(),
  email: email.nullish(),
  isDefault: z.boolean().default(false),
});
export const compIdQuery = z.object({ compId: id }).extend(cacheBuster.shape);
