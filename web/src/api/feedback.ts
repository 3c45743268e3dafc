import type { Feedback, Notice, Page } from '@pavilion/contract';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** Feedback to the platform and its replies (`/api/v3/feedback`, `/feedbackcomment`). */
export const feedbackApi = {
  query: (body: object) => api.post<Page<Feedback>>('/api/v3/feedback/query', body),
  reply: (feedbackId: string, content: string) => api.post<unknown>('/api/v3/feedbackcomment', { feedbackId, content }),
  remove: (id: string) => api.delete<unknown>('/api/v3/feedback', { id }),
};
export const feedbackKeys = keysFor('feedback');

/** Platform notices (`/api/v3/notice`): the administrator publishes, hosts read. */
export const noticeApi = {
  ...crudApi<Notice>('/api/v3/notice'),
  unread: () => api.get<{ unread: number }>('/api/v3/notice/unread'),
  read: (body: { ids: string[] } | { all: true }) => api.post<unknown>('/api/v3/notice/read', body),
};
export const noticeKeys = keysFor('notice');
