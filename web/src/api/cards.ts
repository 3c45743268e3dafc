import type { Card, CardQuery, Page, cardCreateBody, cardPatchBody } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Staff badges (参展证, issue 3): the exhibitor's own hand-ins and the host's review and printing. */
export type CardCreate = z.input<typeof cardCreateBody>;
export type CardChange = z.input<typeof cardPatchBody>;

export const cardApi = {
  query: (body: Partial<CardQuery>) => api.post<Page<Card>>('/api/v3/exhibitorcard/query', body),
  get: (id: string) => api.get<Card>('/api/v3/exhibitorcard', { id }),
  create: (body: CardCreate) => api.post<Card>('/api/v3/exhibitorcard', body),
  update: (id: string, body: CardChange) => api.patch<Card>('/api/v3/exhibitorcard', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v3/exhibitorcard', { id }),
  decide: (body: { ids: string[]; approve: boolean; reason?: string }) => api.post<{ decided: number }>('/api/v3/exhibitorcard/audit', body),
  printed: (ids: string[], printed = true) => api.put<{ updated: number }>('/api/v3/exhibitorcard/printed', { ids, printed }),
};

export const cardKeys = {
  all: ['exhibitorCard'] as const,
  list: (params: unknown) => ['exhibitorCard', 'list', params] as const,
  detail: (id: string) => ['exhibitorCard', 'detail', id] as const,
};
