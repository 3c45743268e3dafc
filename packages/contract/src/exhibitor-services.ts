import { z } from 'zod';
import { httpUrl, requiredUrl } from './url.ts';
import { email, phoneNumber } from './auth.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { auditedFields, auditState, ownerFields } from './audit.ts';

/**
 * What an exhibitor submits and the host reviews (issue 3, part B): the catalogue entry (journal),
 * the booth fascia (lintel), invoice details, data corrections, the settling application; plus
 * say-hello records, help logs, the download centre and the live-line allocation. See docs/api.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const booleanish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

// ——— Catalogue entry (journal, 会刊) ———
export const journalContent = z.object({
  compName: text(200).min(1),
  compNameEn: optText(200),
  logo: httpUrl(2000).nullish(),
  introduction: optText(5000),
  introductionEn: optText(5000),
  exhibits: optText(2000),
  exhibitsEn: optText(2000),
  contact: optText(100),
  phone: optText(50),
  email: email.nullish(),
  website: httpUrl(500).nullish(),
  address: optText(500),
  addressEn: optText(500),
});
export const journal = journalContent.required().extend({ logo: z.string().nullable(), website: z.string().nullable(), id, ...ownerFields, ...auditedFields, createAt: when, updateAt: when });
export type Journal = z.infer<typeof journal>;
/** `PUT` replaces the entry (absent fields become empty), `PATCH` changes the fields sent. `draft` keeps it unsubmitted. */
export const journalPutBody = journalContent.extend({ exhibitorId: id.optional(), draft: z.boolean().default(false) });
export const journalPatchBody = journalContent.partial().extend({ exhibitorId: id.optional(), draft: z.boolean().default(false) });
export const isHostQuery = z.object({ isHost: booleanish.default(false) });
export const journalQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional(), auditState: auditState.optional(), companyName: text(100).optional() });
export const journalGetQuery = z.object({ id: id.optional(), exhibitorId: id.optional() }).extend(cacheBuster.shape);

// ——— Lintel (楣板) ———
export const lintelContent = z.object({ name: text(100).min(1), nameEn: optText(200) });
export const lintel = z.object({ id: id.nullable(), ...ownerFields, name: z.string().nullable(), nameEn: z.string().nullable(), ...auditedFields, updateAt: when.nullable() });
export type Lintel = z.infer<typeof lintel>;
export const lintelQuery = z.object({ exhibitorId: id }).extend(cacheBuster.shape);
export const lintelPatchQuery = z.object({ exhibitorId: id }).extend(isHostQuery.shape);
export const lintelPatchBody = lintelContent.partial();

// ——— Company invoice (发票) ———
export const invoiceType = z.enum(['normal', 'special']);
export const invoiceContent = z.object({
  type: invoiceType,
  title: text(200).min(1),
  taxNo: text(50).min(1),
  bankName: optText(200),
  bankAccount: optText(100),
  address: optText(500),
  phone: optText(50),
  receiverName: optText(100),
  receiverPhone: optText(50),
  receiverEmail: email.nullish(),
  receiverAddress: optText(500),
  remark: optText(1000),
});
export const companyInvoice = invoiceContent
  .partial()
  .required()
  .extend({ id: id.nullable(), compId: id, type: invoiceType.nullable(), title: z.string().nullable(), taxNo: z.string().nullable(), updateAt: when.nullable() });
export type CompanyInvoice = z.infer<typeof companyInvoice>;
export const invoiceQuery = z.object({ compId: id }).extend(cacheBuster.shape);
export const invoicePatchBody = invoiceContent.partial();

// ——— Correction (信息更正) ———
/** The fields an exhibitor may ask to correct: the company's and the join's. */
export const correctionChanges = z
  .object({
    name: text(200).min(1),
    nameEn: optText(200),
    logo: httpUrl(2000).nullish(),
    region: optText(200),
    address: optText(500),
    boothArea: optText(100),
    boothInfo: optText(200),
    banner: httpUrl(2000).nullish(),
  })
  .partial()
  .refine((c) => Object.keys(c).length > 0, { message: 'changes is required' });
export const correctionCreateBody = z.object({ exhibitorId: id.optional(), changes: correctionChanges, remark: optText(1000) });
export const correction = z.object({
  id,
  ...ownerFields,
  changes: z.record(z.string(), z.string().nullable()),
  /** The values at the time of the request, for the host's side-by-side view. */
  before: z.record(z.string(), z.string().nullable()),
  remark: z.string().nullable(),
  ...auditedFields,
  appliedAt: when.nullable(),
  createAt: when,
});
export type Correction = z.infer<typeof correction>;
export const correctionQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional(), auditState: auditState.optional() });

// ——— Say-hello records (打招呼) ———
export const sayHello = z.object({ id, exhibitorId: id, exhibitionId: id, visitorUserId: id.nullable(), visitorName: z.string().nullable(), content: z.string(), createAt: when });
export const sayHelloQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional() });

// ——— Help logs ———
export const helpLogBody = z.object({ title: text(200).min(1), url: httpUrl(1000).nullish() });
export const helpLog = z.object({ id, exhibitorId: id, exhibitionId: id, userId: id, title: z.string(), url: z.string().nullable(), createAt: when });
export const helpLogTotalQuery = pageRequest.extend({ exhibitionId: id.optional() });
export const helpLogTotal = z.object({ exhibitorId: id, companyName: z.string(), userId: id, userName: z.string(), total: z.number().int(), lastAt: when });

// ——— Download centre (资料下载) ———
export const dataDownload = z.object({
  id,
  exhibitionId: id,
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  fileName: z.string().nullable(),
  showIndex: z.number().int(),
  isShow: z.boolean(),
  createAt: when,
});
export const dataDownloadCreateBody = z.object({
  exhibitionId: id,
  title: text(200).min(1),
  titleEn: optText(200),
  url: requiredUrl(2000),
  fileName: optText(200),
  showIndex: z.number().int().min(0).max(1_000_000).default(0),
  isShow: z.boolean().default(true),
});
export const dataDownloadUpdateBody = dataDownloadCreateBody.omit({ exhibitionId: true }).partial();
export const dataDownloadQuery = pageRequest.extend({ exhibitionId: id.optional(), title: text(100).optional() });
export const dataDownloadLogBody = z.object({ downloadId: id });
export const dataDownloadLog = z.object({ id, downloadId: id, title: z.string(), exhibitorId: id, companyName: z.string(), userId: id, createAt: when });
export const dataDownloadLogQuery = pageRequest.extend({ exhibitionId: id.optional(), downloadId: id.optional(), companyName: text(100).optional() });

// ——— Live-line allocation of an exhibitor ———
export const exhibitorLiveLine = z.object({ exhibitorId: id, lineCount: z.number().int(), duration: z.number().int(), updateAt: when.nullable() });

// ——— Settling application (入驻申请, /ex-live/settled) ———
export const applyExhibitorBody = z.object({
  exhibitionId: id,
  name: text(100).min(1),
  mobile: phoneNumber,
  company: text(200).min(1),
  /** Intended exhibition categories: categories of the exhibition's host. */
  categoryIds: z.array(id).min(1).max(100),
  email: email.optional(),
  licenceUrl: httpUrl(2000).nullish(),
  /** The company's English name, its region (the region picker's path, "中国/浙江省/杭州市") and a message to the host. */
  companyEn: optText(200),
  region: optText(200),
  message: optText(1000),
});
export const applyExhibitor = z.object({
  id,
  exhibitionId: id,
  name: z.string(),
  mobile: z.string(),
  company: z.string(),
  categoryIds: z.array(id),
  email: z.string().nullable(),
  licenceUrl: z.string().nullable(),
  companyEn: z.string().nullable(),
  region: z.string().nullable(),
  message: z.string().nullable(),
  ...auditedFields,
  /** Set once approved. */
  exhibitorId: id.nullable(),
  compId: id.nullable(),
  userName: z.string().nullable(),
  createAt: when,
});
export type ApplyExhibitor = z.infer<typeof applyExhibitor>;
/** What the settling page learns: its application and whether it was approved at once. */
export const applyExhibitorReceipt = z.object({ id, auditState });
/**
 * What the settling page reads before the form (`GET /api/v3/applyexhibitor/form?exhibitionId`, client token):
 * the exhibition's names and the categories of its host to choose from, flat (the page builds the tree).
 */
export const settledCategory = z.object({ id, name: z.string(), nameEn: z.string().nullable(), parentId: id.nullable(), level: z.number().int() });
export const settledForm = z.object({
  exhibition: z.object({ id, name: z.string(), nameEn: z.string().nullable(), logo: z.string().nullable() }),
  /** At most this many categories (the exhibition's `exhibitorCategoryNumber`). */
  categoryLimit: z.number().int(),
  categories: z.array(settledCategory),
});
export type SettledForm = z.infer<typeof settledForm>;
export const settledFormQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const applyExhibitorQuery = pageRequest.extend({ exhibitionId: id.optional(), auditState: auditState.optional(), keyword: text(100).optional() });
