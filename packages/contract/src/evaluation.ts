import { z } from 'zod';
import { cacheBuster, id, idQuery, pageRequest } from './envelope.ts';

/*
 * Exhibitor reviews (issue 15, feature key `evaluate`): a signed-in visitor rates an exhibitor with stars, text and
 * the exhibition's evaluation tags; the exhibitor replies, the host hides or deletes. A hidden review is hidden from
 * everyone on the site but its author.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const REVIEW_CONTENT_MAX = 500;
export const EVALUATE_TAG_MAX_CHARS = 20;
export const EVALUATE_TAG_LIMIT = 20;
/** A visitor's reviews a minute (writing and rewriting), across exhibitors. */
export const REVIEWS_PER_MINUTE = 5;

export const exhibitorEvaluation = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  /** The exhibitor's company name, for the host's list. */
  exhibitorName: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  tags: z.array(z.string()),
  reply: z.string().nullable(),
  replyAt: when.nullable(),
  isShow: z.boolean(),
  createAt: when,
});
export type ExhibitorEvaluation = z.infer<typeof exhibitorEvaluation>;

/** `POST /api/v3/exhibitorevaluate/query`: the exhibitor's reviews of itself, the host's of its exhibitions'. */
export const exhibitorEvaluationQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  isShow: z.boolean().optional(),
  replied: z.boolean().optional(),
  rating: z.number().int().min(1).max(5).optional(),
  keyword: text(100).optional(),
});
export type ExhibitorEvaluationQuery = z.infer<typeof exhibitorEvaluationQuery>;
/** `POST /api/v3/exhibitorevaluate`: the exhibitor's reply ('' withdraws it). */
export const exhibitorEvaluationReplyBody = z.object({ id, reply: text(1000) });
export const exhibitorEvaluationShowBody = z.object({ id, isShow: z.boolean() });
export const exhibitorEvaluationIdQuery = idQuery;

/** Evaluation tags: the host's list per exhibition (专业, 响应快 …), stored in the exhibition's settings. */
export const evaluateTag = z.string().trim().min(1).max(EVALUATE_TAG_MAX_CHARS);
export const evaluateTags = z.array(evaluateTag).max(EVALUATE_TAG_LIMIT);
export const evaluateTagQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const evaluateTagBody = z.object({ exhibitionId: id, tags: evaluateTags });
export const evaluateTagList = z.object({ exhibitionId: id, tags: z.array(z.string()) });
export type EvaluateTagList = z.infer<typeof evaluateTagList>;

/* The visitor site. */

export const expoExhibitorReviewParams = z.object({ exhibitionId: id, exhibitorId: id });
export const expoExhibitorReviewBody = z.object({
  rating: z.number().int().min(1).max(5),
  content: text(REVIEW_CONTENT_MAX).min(1),
  tags: z.array(evaluateTag).max(EVALUATE_TAG_LIMIT).default([]),
});
export type ExpoExhibitorReviewBody = z.input<typeof expoExhibitorReviewBody>;
export const expoExhibitorReview = z.object({
  id,
  authorName: z.string(),
  rating: z.number().int(),
  content: z.string(),
  tags: z.array(z.string()),
  reply: z.string().nullable(),
  replyAt: when.nullable(),
  createAt: when,
  /** Only on the author's own review: false while the host hides it (then only the author sees it). */
  mine: z.boolean(),
  isShow: z.boolean(),
});
export type ExpoExhibitorReview = z.infer<typeof expoExhibitorReview>;
export const expoExhibitorReviewsQuery = z.object({ pageIndex: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(10) }).extend(cacheBuster.shape);
/** `GET /api/v1/expo/:id/exhibitors/:exhibitorId/reviews`: shown reviews (and the signed-in author's own), the average of the shown ones. */
export const expoExhibitorReviewPage = z.object({
  average: z.number(),
  count: z.number().int(),
  tags: z.array(z.string()),
  mine: expoExhibitorReview.nullable(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  items: z.array(expoExhibitorReview),
});
export type ExpoExhibitorReviewPage = z.infer<typeof expoExhibitorReviewPage>;

/** The GraphQL exhibitor preview's newest shown reviews (`newestEvaluates`). */
export const PREVIEW_EVALUATION_COUNT = 3;
