import type {
  BackgroundJob,
  ExpoSupplyDemand,
  Page,
  SupplyDemand,
  SupplyDemandComment,
  supplyDemandAuditBody,
  supplyDemandCommentQuery,
  supplyDemandCreateBody,
  supplyDemandExportBody,
  supplyDemandPatchBody,
  supplyDemandQuery,
} from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Supply and demand in the back office (docs/matching.md "Supply and demand"). */
export type SupplyDemandFilters = z.input<typeof supplyDemandQuery>;

export const supplyDemandApi = {
  page: (body: SupplyDemandFilters) => api.post<Page<SupplyDemand>>('/api/v3/supplydemand/page', body),
  create: (body: z.input<typeof supplyDemandCreateBody>) => api.post<SupplyDemand>('/api/v3/supplydemand', body),
  update: (id: string, body: z.input<typeof supplyDemandPatchBody>) => api.put<SupplyDemand>('/api/v3/supplydemand/patch', body, { query: { id } }),
  show: (id: string, isShow: boolean) => api.put<SupplyDemand>('/api/v3/supplydemand/show', { id, isShow }),
  remove: (id: string) => api.delete<boolean>('/api/v3/supplydemand', { id }),
  removeAsHost: (id: string) => api.delete<boolean>('/api/v3/supplydemand/host', { id }),
  decide: (body: z.input<typeof supplyDemandAuditBody>) => api.post<{ decided: number; items: SupplyDemand[] }>('/api/v3/supplydemand/audit', body),
  comments: (body: z.input<typeof supplyDemandCommentQuery>) => api.post<Page<SupplyDemandComment>>('/api/v3/supplydemand/comments/page', body),
  answer: (supplyDemandId: string, content: string) => api.post<SupplyDemandComment>('/api/v3/supplydemand/comments', { supplyDemandId, content }),
  showComment: (id: string, isShow: boolean) => api.put<SupplyDemandComment>('/api/v3/supplydemand/comments/show', { id, isShow }),
  removeComment: (id: string) => api.delete<boolean>('/api/v3/supplydemand/comments', { id }),
  exportPosts: (body: z.input<typeof supplyDemandExportBody>) => api.post<BackgroundJob>('/api/v3/supplydemand/export', body),
};

export const supplyDemandKeys = {
  all: ['supplydemand'] as const,
  list: (params: unknown) => ['supplydemand', 'posts', params] as const,
  comments: (params: unknown) => ['supplydemand', 'comments', params] as const,
};

export type { ExpoSupplyDemand };
