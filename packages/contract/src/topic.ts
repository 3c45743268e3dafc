import { z } from 'zod';
import { auditedFields } from './audit.ts';
import { id, page, pageRequest } from './envelope.ts';
import { expoDirectoryItem } from './expo.ts';
import { httpUrl } from './url.ts';

/**
 * Topics (专题) and the brand topic (品牌专区) of an exhibition, and exhibitors' applications to them (audit type
 * `topic`, the Theme switches). Paths are ours (docs/topics.md).
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const topicKinds = ['topic', 'brand'] as const;
export const topicKind = z.enum(topicKinds);
export type TopicKind = z.infer<typeof topicKind>;

const topicFields = {
  kind: topicKind,
  name: text(100).min(1),
  nameEn: text(100).nullish(),
  banner: httpUrl(2000).nullish(),
  description: text(2000).optional(),
  descriptionEn: text(2000).optional(),
  /** The window written on the placed exhibitors' `topicStart`/`topicEnd`; null: open-ended. */
  startAt: when.nullish(),
  endAt: when.nullish(),
  topicType: z.number().int().min(0).max(1000).nullish(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
  isShow: z.boolean().optional(),
  applyOpen: z.boolean().optional(),
};

const windowRule = (v: { startAt?: string | null | undefined; endAt?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.startAt && v.endAt && Date.parse(v.startAt) >= Date.parse(v.endAt))
    ctx.addIssue({ code: 'custom', path: ['endAt'], input: v.endAt, message: 'endAt must be after startAt' });
};

export const topicCreateBody = z.object({ exhibitionId: id, ...topicFields }).superRefine(windowRule);
export type TopicCreateBody = z.infer<typeof topicCreateBody>;
/** The kind of a topic does not change: its placed exhibitors' fields depend on it. */
export const topicPatchBody = z.object(topicFields).omit({ kind: true }).partial().superRefine(windowRule);
export type TopicPatchBody = z.infer<typeof topicPatchBody>;

export const topic = z.object({
  id,
  exhibitionId: id,
  kind: topicKind,
  name: z.string(),
  nameEn: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string(),
  startAt: when.nullable(),
  endAt: when.nullable(),
  topicType: z.number().int().nullable(),
  sort: z.number().int(),
  isShow: z.boolean(),
  applyOpen: z.boolean(),
  /** Exhibitors placed in it (its name on their `topic` / `pTopic`). */
  placedCount: z.number().int(),
  createAt: when,
});
export type Topic = z.infer<typeof topic>;

export const topicQuery = pageRequest.extend({ exhibitionId: id.optional(), kind: topicKind.optional(), keyword: text(100).optional() });
export type TopicQuery = z.infer<typeof topicQuery>;

/** `POST /api/v3/topic/place`, `/unplace`. */
export const topicPlaceBody = z.object({ topicId: id, exhibitorId: id });
export const topicExhibitorQuery = pageRequest.extend({ topicId: id });
export const topicExhibitor = z.object({ id, companyName: z.string(), boothInfo: z.string().nullable(), isShow: z.boolean(), auditState: z.number().int() });
export type TopicExhibitor = z.infer<typeof topicExhibitor>;

export const TOPIC_REASON_MAX = 500;
export const topicApplyBody = z.object({ topicId: id, reason: text(TOPIC_REASON_MAX).optional() });
export const topicReapplyBody = z.object({ reason: text(TOPIC_REASON_MAX).optional() });

export const topicApplication = z.object({
  id,
  topicId: id,
  topicName: z.string(),
  topicNameEn: z.string().nullable(),
  kind: topicKind,
  exhibitionId: id,
  exhibitorId: id,
  companyName: z.string(),
  reason: z.string(),
  ...auditedFields,
  createAt: when,
});
export type TopicApplication = z.infer<typeof topicApplication>;

export const topicApplicationQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  topicId: id.optional(),
  auditState: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  keyword: text(100).optional(),
});
export type TopicApplicationQuery = z.infer<typeof topicApplicationQuery>;

export const topicAuditBody = z
  .object({ ids: z.array(id).min(1).max(500), auditState: z.union([z.literal(1), z.literal(2)]), reason: text(500).optional() })
  .superRefine((v, ctx) => {
    if (v.auditState === 2 && !v.reason) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });

/** What the exhibitor sees: the open topics of its exhibition with its live application to each. */
export const openTopic = topic.omit({ placedCount: true }).extend({ application: topicApplication.nullable() });
export type OpenTopic = z.infer<typeof openTopic>;

/** The visitor site. */
export const expoTopic = z.object({
  id,
  kind: topicKind,
  name: z.string(),
  nameEn: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string(),
  startAt: when.nullable(),
  endAt: when.nullable(),
});
export type ExpoTopic = z.infer<typeof expoTopic>;
export const expoTopicQuery = z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(60).default(20) });
export const expoTopicDetail = expoTopic.extend({
  exhibitors: page(expoDirectoryItem),
});
export type ExpoTopicDetail = z.infer<typeof expoTopicDetail>;
