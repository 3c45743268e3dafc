import { z } from 'zod';
import { auditedFields } from './audit.ts';
import { id, MAX_PAGE_SIZE, pageRequest } from './envelope.ts';
import { requiredUrl } from './url.ts';

/**
 * Supply and demand (供需, issue 15 part 4): posts on an exhibition's board by exhibitors (`needs`), the host or signed-in
 * visitors, audited (type `supplydemand`, the SupplyDemand switches), with comments. `POST /api/v3/supplydemand` and
 * `PUT /api/v3/supplydemand/patch?id` are the spec's; the rest are ours (docs/matching.md "Supply and demand").
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const SUPPLY_DEMAND_TITLE_MAX = 100;
export const SUPPLY_DEMAND_DESCRIPTION_MAX = 2000;
export const SUPPLY_DEMAND_COMMENT_MAX = 500;
export const SUPPLY_DEMAND_MAX_IMAGES = 9;
/** A visitor's posts a day and comments a minute (429 beyond). */
export const SUPPLY_DEMAND_POSTS_PER_DAY = 10;
export const SUPPLY_DEMAND_COMMENTS_PER_MINUTE = 5;

export const supplyDemandKinds = ['supply', 'demand'] as const;
export const supplyDemandKind = z.enum(supplyDemandKinds);
export type SupplyDemandKind = z.infer<typeof supplyDemandKind>;

/** Who wrote a post: an exhibitor (its company named), the host, or a visitor. */
export const supplyDemandAuthors = ['exhibitor', 'host', 'visitor'] as const;
export type SupplyDemandAuthor = (typeof supplyDemandAuthors)[number];

const contentFields = {
  kind: supplyDemandKind,
  title: text(SUPPLY_DEMAND_TITLE_MAX).min(1),
  description: text(SUPPLY_DEMAND_DESCRIPTION_MAX).min(1),
  images: z.array(requiredUrl(2000)).max(SUPPLY_DEMAND_MAX_IMAGES),
  contactName: text(50).nullish(),
  contactPhone: text(30).nullish(),
  contactEmail: text(100).nullish(),
  /** The board shows the post until then; null: no end. */
  validUntil: when.nullish(),
};

/** One post as the back office reads it. */
export const supplyDemand = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id.nullable(),
  companyName: z.string().nullable(),
  author: z.enum(supplyDemandAuthors),
  authorName: z.string().nullable(),
  kind: supplyDemandKind,
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  validUntil: when.nullable(),
  isShow: z.boolean(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type SupplyDemand = z.infer<typeof supplyDemand>;

/**
 * `POST /api/v3/supplydemand`: an exhibitor's post for itself, or the host's for the exhibition (`exhibitionId`).
 * "Supply-demand needs a selected type and a description": field errors on `kind` and `description`.
 */
export const supplyDemandCreateBody = z.object({
  ...contentFields,
  images: contentFields.images.default([]),
  exhibitionId: id.optional(),
});
export type SupplyDemandCreateBody = z.infer<typeof supplyDemandCreateBody>;

/** `PUT /api/v3/supplydemand/patch?id`: the fields sent change; an exhibitor's change goes back to audit. */
export const supplyDemandPatchBody = z.object(contentFields).partial();
export type SupplyDemandPatchBody = z.infer<typeof supplyDemandPatchBody>;

/** `POST /api/v3/supplydemand/page`: an exhibitor's own posts, the host's exhibition's. */
export const supplyDemandQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  kind: supplyDemandKind.optional(),
  auditState: auditedFields.auditState.optional(),
  isShow: z.boolean().optional(),
  keyword: text(100).optional(),
});
export type SupplyDemandQuery = z.infer<typeof supplyDemandQuery>;

/** `POST /api/v3/supplydemand/audit`: the host decides pending posts, all or none; a reason to reject. */
export const supplyDemandAuditBody = z
  .object({ ids: z.array(id).min(1).max(500), auditState: z.union([z.literal(1), z.literal(2)]), reason: text(500).optional() })
  .superRefine((v, ctx) => {
    if (v.auditState === 2 && !v.reason) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });
export type SupplyDemandAuditBody = z.infer<typeof supplyDemandAuditBody>;

/** `PUT /api/v3/supplydemand/show` and `/comments/show`. */
export const supplyDemandShowBody = z.object({ id, isShow: z.boolean() });

/** One comment, as the back office and the board read it. */
export const supplyDemandComment = z.object({
  id,
  supplyDemandId: id,
  postTitle: z.string(),
  /** `exhibitor`: the post's exhibitor answering; `visitor`: a signed-in visitor. */
  author: z.enum(['exhibitor', 'visitor']),
  authorName: z.string(),
  content: z.string(),
  isShow: z.boolean(),
  createAt: when,
});
export type SupplyDemandComment = z.infer<typeof supplyDemandComment>;

export const supplyDemandCommentQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  exhibitionId: id.optional(),
  supplyDemandId: id.optional(),
  isShow: z.boolean().optional(),
  keyword: text(100).optional(),
});
export type SupplyDemandCommentQuery = z.infer<typeof supplyDemandCommentQuery>;

export const supplyDemandCommentBody = z.object({ supplyDemandId: id, content: text(SUPPLY_DEMAND_COMMENT_MAX).min(1) });

/** `POST /api/v3/supplydemand/export`: the posts of the filter as .xlsx, a background job. */
export const supplyDemandExportBody = supplyDemandQuery.omit({ pageIndex: true, pageSize: true });
export type SupplyDemandExportBody = z.infer<typeof supplyDemandExportBody>;

/* ---- visitor site ---- */

/** A post on the board (no contact for anonymous readers? the contact is what the board is for: shown to all). */
export const expoSupplyDemand = supplyDemand.pick({
  id: true,
  kind: true,
  author: true,
  authorName: true,
  companyName: true,
  exhibitorId: true,
  title: true,
  description: true,
  images: true,
  contactName: true,
  contactPhone: true,
  contactEmail: true,
  validUntil: true,
  viewCount: true,
  commentCount: true,
  createAt: true,
});
export type ExpoSupplyDemand = z.infer<typeof expoSupplyDemand>;

export const expoSupplyDemandDetail = expoSupplyDemand.extend({ comments: z.array(supplyDemandComment.omit({ isShow: true, postTitle: true })) });
export type ExpoSupplyDemandDetail = z.infer<typeof expoSupplyDemandDetail>;

export const expoSupplyDemandQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  kind: supplyDemandKind.optional(),
  keyword: text(100).optional(),
});
export type ExpoSupplyDemandQuery = z.infer<typeof expoSupplyDemandQuery>;

/** A signed-in visitor's post (audited like an exhibitor's). */
export const expoSupplyDemandBody = z.object({ ...contentFields, images: contentFields.images.default([]) });
export type ExpoSupplyDemandBody = z.infer<typeof expoSupplyDemandBody>;
/** What the visitor's post answers: the post as the board shows it, with its audit state (pending when audited). */
export const expoSupplyDemandPosted = expoSupplyDemand.extend({ auditState: auditedFields.auditState });
export type ExpoSupplyDemandPosted = z.infer<typeof expoSupplyDemandPosted>;
export const expoSupplyDemandCommentBody = z.object({ content: text(SUPPLY_DEMAND_COMMENT_MAX).min(1) });
