import { type Activity, type activityBatchAuditBody, type activityBatchAuditResult, type ActivityCategory, type activityCategoryCreateBody, type auditDecisionBody, type auditDecisionResult, type activityCategoryPatchBody, type activityCreateBody, type activityPatchBody, type ActivityQuery, type Page } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { hostExhibitionApi, hostExhibitionKeys } from './host-exhibition.ts';
import { api } from './http.ts';

/** Activities (issue 13, docs/activities.md): the back office's lists, the editor's calls and the category tree. */
export type ActivityCreate = z.input<typeof activityCreateBody>;
export type ActivityChange = z.input<typeof activityPatchBody>;
/** The list's filters without the page (what `POST /api/v3/batchaudit` decides over). */
export type ActivityFilters = Omit<Partial<ActivityQuery>, 'pageIndex' | 'pageSize'>;
type Decision = z.input<typeof auditDecisionBody>;
type Decided = z.infer<typeof auditDecisionResult>;

export const activityApi = {
  page: (body: Partial<ActivityQuery>) => api.post<Page<Activity>>('/api/v3/activity/query', body),
  get: (id: string) => api.get<Activity>('/api/v3/activity', { id }),
  create: (body: ActivityCreate) => api.post<Activity>('/api/v3/activity', body),
  update: (id: string, body: ActivityChange) => api.put<Activity>('/api/v3/activity/patch', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v3/activity', { id }),
  setState: (id: string, state: Activity['state']) => api.patch<Activity>('/api/v3/activity/state', { state }, { query: { id } }),
  show: (id: string, isShow: boolean) => api.put<Activity>('/api/v3/activity/SetShow', { id, isShow }),
  decide: (body: Decision) => api.post<Decided>('/api/v3/activity/audit', body),
  /** Every pending activity the filters match, approved or rejected at once. */
  decideMatching: (body: z.input<typeof activityBatchAuditBody>) => api.post<z.infer<typeof activityBatchAuditResult>>('/api/v3/batchaudit', body),
  applyLive: (id: string, note?: string) => api.post<Activity>('/api/v3/activity/apply-live', note ? { note } : {}, { query: { id } }),
  decideLive: (body: Decision) => api.post<Decided>('/api/v3/activity/audit/live', body),
  openLive: (id: string, open: boolean) => api.put<Activity>('/api/v3/activity/open-live', { open }, { query: { id } }),
  categories: (exhibitionId: string) => api.get<ActivityCategory[]>('/api/v3/activitycategory/list', { exhibitionId }),
  createCategory: (body: z.input<typeof activityCategoryCreateBody>) => api.post<ActivityCategory>('/api/v3/activitycategory', body),
  updateCategory: (id: string, body: z.input<typeof activityCategoryPatchBody>) => api.put<ActivityCategory>('/api/v3/activitycategory/patch', body, { query: { id } }),
  removeCategory: (id: string) => api.delete<boolean>('/api/v3/activitycategory', { id }),
};

export const activityKeys = {
  all: ['activity'] as const,
  list: (params: unknown) => ['activity', 'list', params] as const,
  detail: (id: string) => ['activity', 'detail', id] as const,
  categories: (exhibitionId: string) => ['activity', 'categories', exhibitionId] as const,
};

export const useActivityCategories = (exhibitionId: string | null, enabled = true) =>
  useQuery({ queryKey: activityKeys.categories(exhibitionId ?? ''), queryFn: () => activityApi.categories(exhibitionId!), enabled: enabled && Boolean(exhibitionId) });
export const useActivityHalls = (exhibitionId: string | null) =>
  useQuery({ queryKey: hostExhibitionKeys.halls(exhibitionId ?? ''), queryFn: () => hostExhibitionApi.halls(exhibitionId!), enabled: Boolean(exhibitionId) });
export const useActivity = (id: string | null) => useQuery({ queryKey: activityKeys.detail(id ?? ''), queryFn: () => activityApi.get(id!), enabled: Boolean(id) });
