import type { createNoticeBody, Feedback, feedbackQuery, Notice, noticeQuery, Page, updateNoticeBody } from '@pavilion/contract';
import type { z } from 'zod';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** Feedback to the platform and its replies (`/api/v3/feedback`, `/feedbackcomment`). */
export const feedbackApi = {
  query: (body: z.input<typeof feedbackQuery>) => api.post<Page<Feedback>>('/api/v3/feedback/query', body),
  reply: (feedbackId: string, content: string) => api.post<unknown>('/api/v3/feedbackcomment', { feedbackId, content }),
  remove: (id: string) => api.delete<unknown>('/api/v3/feedback', { id }),
};
export const feedbackKeys = keysFor('feedback');

/** Platform notices (`/api/v3/notice`): the administrator publishes, hosts read. */
export const noticeApi = {
  ...crudApi<Notice, { query: z.input<typeof noticeQuery>; create: z.input<typeof createNoticeBody>; update: z.input<typeof updateNoticeBody> }>('/api/v3/notice'),
  unread: () => api.get<{ unread: number }>('/api/v3/notice/unread'),
  read: (body: { ids: string[] } | { all: true }) => api.post<unknown>('/api/v3/notice/read', body),
};
export const noticeKeys = keysFor('notice');
