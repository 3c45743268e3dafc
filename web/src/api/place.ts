import type { AuditDecisionBody, CompanyStaff, ExhibitorPlace, ExhibitorSettings, Page, PlaceQuery, placePutBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';
import { uploadFile } from './files.ts';

/** Booth build-up data (展位搭建信息): the exhibitor's `place` page and the host's place/info and place/audit. */
export type PlaceSave = z.input<typeof placePutBody>;

export const placeApi = {
  /** An exhibitor leaves `exhibitorId` out: its own. */
  get: (exhibitorId?: string) => api.get<ExhibitorPlace>('/api/v3/exhibitorplace', exhibitorId ? { exhibitorId } : {}),
  /** The exhibitor's save is submitted for audit; `isHost` is the host's edit, final at once. */
  save: (body: PlaceSave, options: { exhibitorId?: string; isHost?: boolean } = {}) =>
    api.put<ExhibitorPlace>('/api/v3/exhibitorplace', body, { query: { ...(options.exhibitorId ? { exhibitorId: options.exhibitorId } : {}), isHost: String(Boolean(options.isHost)) } }),
  query: (body: PlaceQuery) => api.post<Page<ExhibitorPlace>>('/api/v3/exhibitorplace/query', body),
  decide: (body: AuditDecisionBody) => api.post<{ decided: number }>('/api/v3/exhibitorplace/audit', body),
  /** A design drawing: `POST /api/v1/file` (multipart `file`, up to 50 MB) with the session's token. */
  uploadDrawing: uploadFile,
  /** What the booth preview needs besides the join and the company profile. */
  exhibitorSettings: (exhibitorId: string) => api.get<ExhibitorSettings>('/api/v1/settings/exhibitor', { exhibitorId }),
  defaultContact: (compId: string) => api.get<CompanyStaff | null>('/api/staff/GetDefault', { compId }, { global: false }),
};

export const placeKeys = {
  all: ['place'] as const,
  list: (params: unknown) => [...placeKeys.all, 'list', params] as const,
  detail: (exhibitorId: string) => [...placeKeys.all, 'detail', exhibitorId] as const,
  settings: (exhibitorId: string) => [...placeKeys.all, 'exhibitorSettings', exhibitorId] as const,
  contact: (compId: string) => [...placeKeys.all, 'contact', compId] as const,
};

export const usePlace = (exhibitorId: string | null) =>
  useQuery({ queryKey: placeKeys.detail(exhibitorId ?? ''), queryFn: () => placeApi.get(exhibitorId ?? undefined), enabled: Boolean(exhibitorId) });
