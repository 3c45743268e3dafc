import type {
  AuditCounts,
  AuditDetail,
  AuditItem,
  AuditListQuery,
  AuditType,
  BackgroundJob,
  backgroundJobQuery,
  CategoryNode,
  createExhibitorBody,
  Exhibitor,
  exhibitorQuery,
  Page,
  setBrandTopicBody,
  setTopicBody,
  updateExhibitorBody,
} from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';
import { authorisedFetch, failure, postForm, saveBlob } from './files.ts';

/**
 * The host's exhibitor work (issue 3): the exhibitor list and its writes, categories, the audit queue
 * and the background jobs (import, export, copy). Query keys per resource; mutations invalidate them.
 */
export const hostExhibitorApi = {
  query: (body: z.input<typeof exhibitorQuery>) => api.post<Page<Exhibitor>>('/api/v1/exhibitor/query', body),
  details: (exhibitorId: string) => api.get<Exhibitor>('/api/v1/exhibitor/details', { exhibitorId }),
  create: (body: z.input<typeof createExhibitorBody>) => api.post<Exhibitor>('/api/v1/exhibitor/create', body),
  update: (id: string, body: z.input<typeof updateExhibitorBody>) => api.post<Exhibitor>('/api/v1/exhibitor/update', body, { query: { id } }),
  show: (id: string, isShow: boolean) => api.put<Exhibitor>('/api/v1/exhibitor/show', { id, isShow }),
  bulkDelete: (ids: string[]) => api.post<{ deleted: number }>('/api/v3/exhibitor/delete/bulk', { ids }),
  setTopic: (body: z.input<typeof setTopicBody>) => api.put<Exhibitor>('/api/join/SetTopic', body),
  setBrandTopic: (body: z.input<typeof setBrandTopicBody>) => api.put<Exhibitor>('/api/join/SetBrandTopic', body),
  categories: (hostId: string) => api.get<CategoryNode[]>('/api/v1/category/host/level', { hostId, level: 2 }),
  settings: (exhibitionId: string) => api.get<{ exhibitorCategoryNumber?: number }>('/api/v1/settings/exhibition', { exhibitionId }),
};

export const hostExhibitorKeys = {
  all: ['hostExhibitor'] as const,
  list: (params: unknown) => ['hostExhibitor', 'list', params] as const,
  detail: (id: string) => ['hostExhibitor', 'detail', id] as const,
  categories: (hostId: string) => ['hostCategoryTree', hostId] as const,
  settings: (exhibitionId: string) => ['hostExhibitionSettings', exhibitionId] as const,
};

export const hostAuditApi = {
  list: (body: Partial<AuditListQuery>) => api.post<Page<AuditItem>>('/api/Audit/GetAuditList', body),
  decide: (body: { ids: string[]; approve: boolean; reason?: string }) => api.post<{ decided: number }>('/api/Audit/Audit', body),
  counts: (exhibitionId: string) => api.get<AuditCounts>('/api/Audit/GetHasAuditInfos', { exhibitionId }),
  /** Not global: a target gone or not the host's shows in the drawer, not as the 404 page. */
  detail: (type: AuditType, id: string) => api.get<AuditDetail>('/api/Audit/GetAuditDetail', { type, id }, { global: false }),
};

export const hostAuditKeys = {
  all: ['hostAudit'] as const,
  list: (params: unknown) => ['hostAudit', 'list', params] as const,
  counts: (exhibitionId: string) => ['hostAudit', 'counts', exhibitionId] as const,
  detail: (type: AuditType, id: string) => ['hostAudit', 'detail', type, id] as const,
};

export const hostJobApi = {
  get: (id: string) => api.get<BackgroundJob>('/api/v3/backgroundjob', { id }),
  query: (body: z.input<typeof backgroundJobQuery>) => api.post<Page<BackgroundJob>>('/api/v3/backgroundjob/query', body),
  export: (exhibitionId: string) => api.post<BackgroundJob>('/api/v3/backgroundjob/export', { exhibitionId }),
  copy: (body: { fromExhibitionId: string; toExhibitionId: string; exhibitorIds?: string[] }) => api.post<BackgroundJob>('/api/v3/backgroundjob/exhibitor/copy/byhistory', body),
  /** Multipart: file, exhibitionId, dryRun. */
  importFile: (file: File, exhibitionId: string, dryRun: boolean) =>
    postForm<BackgroundJob>('/api/v3/backgroundjob/import/exhibitor', (f) => {
      f.append('exhibitionId', exhibitionId);
      f.append('dryRun', String(dryRun));
      f.append('file', file);
    }),
  /** Products of the exhibition's exhibitors; the exhibition in the query, where the `product` feature gate reads it. */
  importProducts: (file: File, exhibitionId: string, dryRun: boolean) =>
    postForm<BackgroundJob>(`/api/v3/backgroundjob/import/product?${new URLSearchParams({ exhibitionId, dryRun: String(dryRun) })}`, (f) => {
      f.append('file', file);
    }),

};

export const hostJobKeys = {
  all: ['hostJob'] as const,
  lists: ['hostJob', 'list'] as const,
  list: (params: unknown) => ['hostJob', 'list', params] as const,
  detail: (id: string) => ['hostJob', 'detail', id] as const,
};

/** The file name of a content-disposition header (RFC 5987 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Downloads a file that needs the bearer token: fetched as a blob, then saved under the server's name. */
export async function downloadFile(path: string, query: Record<string, string>, fallback: string): Promise<string> {
  const search = new URLSearchParams({ ...query, t: String(Math.floor(Date.now() / 1000)) });
  const response = await authorisedFetch(`${path}?${search}`);
  if (!response.ok) throw failure(response, await response.json().catch(() => null));
  const name = fileNameOf(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), name);
  return name;
}
