import { z } from 'zod';
import { auditState } from './audit.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { ENQUIRY_CONTENT_MAX, ENQUIRY_REPLY_MAX } from './enquiry-limits.ts';

/**
 * Enquiries (询盘, issue 15): a visitor asks an exhibitor about its booth, one of its products, or from a live room; the
 * exhibitor reads and answers them, the host oversees and exports them. Paths: docs/matching.md "Enquiries".
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export * from './enquiry-limits.ts';

/** Where the enquiry was made: the booth page, a product page, or a live room. */
export const enquirySources = ['booth', 'product', 'live'] as const;
export const enquirySource = z.enum(enquirySources);
export type EnquirySource = z.infer<typeof enquirySource>;

/** `new` until the exhibitor opens it, `read`, `answered` once replied, `closed` by the exhibitor. */
export const enquiryStates = ['new', 'read', 'answered', 'closed'] as const;
export const enquiryState = z.enum(enquiryStates);
export type EnquiryState = z.infer<typeof enquiryState>;

/* ---- the visitor site ---- */

export const expoEnquiryParams = z.object({ exhibitionId: id });

/** `POST /api/v1/expo/:exhibitionId/enquiries`: the source follows from productId / liveRoomId. */
export const expoEnquiryBody = z.object({
  exhibitorId: id,
  productId: id.optional(),
  liveRoomId: id.optional(),
  content: text(ENQUIRY_CONTENT_MAX).min(1),
  isSample: z.boolean().default(false),
  shareContact: z.boolean().default(true),
});
export type ExpoEnquiryBody = z.input<typeof expoEnquiryBody>;

/** The visitor's own enquiry, with the exhibitor's answer. */
export const myEnquiry = z.object({
  id,
  exhibitorId: id,
  companyName: z.string().nullable(),
  companyNameEn: z.string().nullable(),
  productId: id.nullable(),
  productName: z.string().nullable(),
  liveRoomId: id.nullable(),
  source: enquirySource,
  content: z.string(),
  isSample: z.boolean(),
  shareContact: z.boolean(),
  /** Pending (0) while the host reviews it, approved (1) once the exhibitor sees it, rejected (2). */
  auditState,
  state: enquiryState,
  reply: z.string().nullable(),
  repliedAt: when.nullable(),
  createAt: when,
});
export type MyEnquiry = z.infer<typeof myEnquiry>;
export const myEnquiryQuery = pageRequest.extend(cacheBuster.shape);

/* ---- the back office ---- */

/** One enquiry as the back office reads it: the contact fields are null unless the visitor shared them. */
export const enquiry = myEnquiry.extend({
  exhibitionId: id,
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactCompany: z.string().nullable(),
  auditReason: z.string().nullable(),
});
export type Enquiry = z.infer<typeof enquiry>;

/** The page's (and the export's) filters; an exhibitor's are always its own approved enquiries. */
export const enquiryFilters = z.object({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  source: enquirySource.optional(),
  state: enquiryState.optional(),
  isSample: z.boolean().optional(),
  /** Part of the content or of the shared contact (name, phone, e-mail, company). */
  keyword: text(100).optional(),
  createdFrom: when.optional(),
  createdTo: when.optional(),
});
export type EnquiryFilters = z.infer<typeof enquiryFilters>;
export const enquiryQuery = pageRequest.extend(enquiryFilters.shape);
export type EnquiryQuery = z.input<typeof enquiryQuery>;

export const enquiryReplyBody = z.object({ id, reply: text(ENQUIRY_REPLY_MAX).min(1) });
export type EnquiryReplyBody = z.infer<typeof enquiryReplyBody>;

/** `POST /api/v3/enquiry/export`: the page's filters; an exhibitor's export holds only its own rows. */
export const enquiryExportBody = enquiryFilters;

/** The GraphQL exhibitor preview's newest enquiries ("businesses", part 2 §9: 3 shown). */
export const PREVIEW_BUSINESS_COUNT = 3;
