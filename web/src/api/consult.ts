import type { BackgroundJob, Consult, consultExportBody, consultQuery, Page } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Consultations in the back office (docs/consult.md). */
export type ConsultFilters = z.input<typeof consultQuery>;

export const consultApi = {
  page: (body: ConsultFilters) => api.post<Page<Consult>>('/api/v3/consult/page', body),
  get: (id: string) => api.get<Consult>('/api/v3/consult', { id }),
  answer: (id: string, answer: string) => api.put<Consult>('/api/v3/consult/answer', { id, answer }),
  show: (id: string, isShow: boolean) => api.put<Consult>('/api/v3/consult/show', { id, isShow }),
  remove: (id: string) => api.delete<boolean>('/api/v3/consult', { id }),
  exportAll: (body: z.input<typeof consultExportBody>) => api.post<BackgroundJob>('/api/v3/consult/export', body),
};

export const consultKeys = {
  all: ['consult'] as const,
  list: (params: unknown) => ['consult', 'list', params] as const,
  one: (id: string) => ['consult', 'one', id] as const,
};
