import type { BackgroundJob, Enquiry, EnquiryQuery, enquiryExportBody, Page } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Enquiries in the back office (issue 15, docs/matching.md "Enquiries"): the exhibitor's inbox and the host's list. */
export const enquiryApi = {
  page: (body: EnquiryQuery) => api.post<Page<Enquiry>>('/api/v3/enquiry/page', body),
  get: (id: string) => api.get<Enquiry>('/api/v3/enquiry', { id }),
  reply: (id: string, reply: string) => api.post<Enquiry>('/api/v3/enquiry/reply', { id, reply }),
  close: (id: string) => api.put<Enquiry>('/api/v3/enquiry/close', {}, { query: { id } }),
  remove: (id: string) => api.delete<null>('/api/v3/enquiry', { id }),
  export: (body: z.input<typeof enquiryExportBody>) => api.post<BackgroundJob>('/api/v3/enquiry/export', body),
};

export const enquiryKeys = {
  all: ['enquiry'] as const,
  list: (params: unknown) => ['enquiry', 'list', params] as const,
  detail: (id: string) => ['enquiry', 'detail', id] as const,
};
