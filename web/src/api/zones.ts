import type {
  FocusApplication,
  focusApplyBody,
  focusAuditBody,
  focusQuery,
  OpenTopic,
  Page,
  Topic,
  TopicApplication,
  topicApplicationQuery,
  topicAuditBody,
  topicCreateBody,
  TopicExhibitor,
  topicPatchBody,
  topicQuery,
} from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Topics, their applications and focus applications (docs/topics.md). */
export const topicApi = {
  page: (body: z.input<typeof topicQuery>) => api.post<Page<Topic>>('/api/v3/topic/page', body),
  create: (body: z.input<typeof topicCreateBody>) => api.post<Topic>('/api/v3/topic', body),
  update: (id: string, body: z.input<typeof topicPatchBody>) => api.put<Topic>('/api/v3/topic/patch', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v3/topic', { id }),
  exhibitors: (topicId: string) => api.post<Page<TopicExhibitor>>('/api/v3/topic/exhibitors', { topicId, pageSize: 1000 }),
  place: (topicId: string, exhibitorId: string) => api.post<Topic>('/api/v3/topic/place', { topicId, exhibitorId }),
  unplace: (topicId: string, exhibitorId: string) => api.post<Topic>('/api/v3/topic/unplace', { topicId, exhibitorId }),
  open: () => api.get<OpenTopic[]>('/api/v3/topic/open'),
  apply: (topicId: string, reason: string) => api.post<TopicApplication>('/api/v3/topic/apply', { topicId, reason }),
  reapply: (id: string, reason: string) => api.put<TopicApplication>('/api/v3/topic/apply', { reason }, { query: { id } }),
  withdraw: (id: string) => api.delete<boolean>('/api/v3/topic/apply', { id }),
  applications: (body: z.input<typeof topicApplicationQuery>) => api.post<Page<TopicApplication>>('/api/v3/topic/apply/page', body),
  decide: (body: z.input<typeof topicAuditBody>) => api.post<{ decided: number; items: TopicApplication[] }>('/api/v3/topic/apply/audit', body),
};

export const focusApi = {
  apply: (body: z.input<typeof focusApplyBody>) => api.post<FocusApplication>('/api/v1/applyfocus', body),
  page: (body: z.input<typeof focusQuery>) => api.post<Page<FocusApplication>>('/api/v1/applyfocus/page', body),
  sort: (id: string, sort: number) => api.put<FocusApplication>('/api/v1/applyfocus/sort', { id, sort }),
  remove: (id: string) => api.delete<boolean>('/api/v1/applyfocus', { id }),
  decide: (body: z.input<typeof focusAuditBody>) => api.post<{ decided: number; items: FocusApplication[] }>('/api/v1/applyfocus/audit', body),
};

export const zoneKeys = {
  all: ['zones'] as const,
  topics: (params: unknown) => ['zones', 'topics', params] as const,
  placed: (topicId: string) => ['zones', 'placed', topicId] as const,
  candidates: (exhibitionId: string, keyword: string) => ['zones', 'candidates', exhibitionId, keyword] as const,
  open: () => ['zones', 'open'] as const,
  applications: (params: unknown) => ['zones', 'applications', params] as const,
  focus: (params: unknown) => ['zones', 'focus', params] as const,
};
