import { z } from 'zod';
import { requiredUrl } from './url.ts';
import { id, pageRequest } from './envelope.ts';

const when = z.iso.datetime({ offset: true });
const optText = (max: number) => z.string().trim().max(max).nullish();

/** A reply of the platform to a feedback. */
export const feedbackComment = z.object({ id, feedbackId: id, userName: z.string().nullable(), content: z.string(), createAt: when });
export type FeedbackComment = z.infer<typeof feedbackComment>;

/** Feedback hosts and exhibitors send to the platform, with the platform's replies. */
export const feedback = z.object({
  id,
  userId: id.nullable(),
  userName: z.string().nullable(),
  role: z.number().int(),
  hostId: id.nullable(),
  exhibitionId: id.nullable(),
  content: z.string(),
  contact: z.string().nullable(),
  images: z.array(z.string()),
  comments: z.array(feedbackComment),
  createAt: when,
});
export type Feedback = z.infer<typeof feedback>;
/** Part 1 §5: feedback content must not be empty. */
export const createFeedbackBody = z.object({
  content: z.string().trim().min(1).max(2000),
  contact: optText(100),
  images: z.array(requiredUrl(1000)).max(5).default([]),
});
export const feedbackQuery = pageRequest.extend({
  role: z.number().int().min(0).max(2).optional(),
  hostId: id.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const createFeedbackCommentBody = z.object({ feedbackId: id, content: z.string().trim().min(1).max(2000) });

/** A platform notice to hosts: to every host (`hostId` null) or to one. */
export const notice = z.object({
  id,
  title: z.string(),
  titleEn: z.string().nullable(),
  content: z.string(),
  contentEn: z.string().nullable(),
  hostId: id.nullable(),
  /** Whether the caller has read it. */
  isRead: z.boolean(),
  createAt: when,
});
export type Notice = z.infer<typeof notice>;
export const createNoticeBody = z.object({
  title: z.string().trim().min(1).max(200),
  titleEn: optText(400),
  content: z.string().trim().min(1).max(20_000),
  contentEn: optText(40_000),
  hostId: id.nullish(),
});
export const updateNoticeBody = createNoticeBody.partial();
export const noticeQuery = pageRequest.extend({
  hostId: id.optional(),
  isRead: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const readNoticeBody = z.union([z.object({ ids: z.array(id).min(1).max(1000) }), z.object({ all: z.literal(true) })]);
export const noticeUnread = z.object({ unread: z.number().int() });
