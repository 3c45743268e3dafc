import type { Booth, BoothQuery, BulkBoothItem, ExhibitionHall, HallPlan, Page } from '@pavilion/contract';
import { api } from './http.ts';

/** Booth floor plans (docs/booths.md): hall plans, booths, layouts and assignment. */
export const boothApi = {
  halls: (exhibitionId: string) => api.get<ExhibitionHall[]>('/api/exhall/GetByExhibition', { exhibitionId }),
  createHall: (exhibitionId: string, name: string) => api.post<ExhibitionHall>('/api/exhall', { exhibitionId, name }),
  plan: (hallId: string) => api.get<HallPlan | null>('/api/v3/hallplan', { hallId }),
  savePlan: (hallId: string, body: { imageUrl: string; width: number; height: number; scale: number | null }) => api.put<HallPlan>('/api/v3/hallplan', body, { query: { hallId } }),
  query: (body: BoothQuery) => api.post<Page<Booth>>('/api/v3/booth/query', body),
  saveLayout: (hallId: string, booths: BulkBoothItem[]) =>
    api.put<{ created: number; updated: number; deleted: number; items: Booth[] }>('/api/v3/booth/bulk', { hallId, booths }),
  patch: (id: string, body: { state?: 'free' | 'reserved' | 'sold' }) => api.patch<Booth>('/api/v3/booth', body, { query: { id } }),
  assign: (ids: string[], exhibitorId: string | null) => api.put<{ items: Booth[] }>('/api/v3/booth/assign', { ids, exhibitorId }),
};

export const boothKeys = {
  all: ['booth'] as const,
  halls: (exhibitionId: string) => ['booth', 'halls', exhibitionId] as const,
  plan: (hallId: string) => ['booth', 'plan', hallId] as const,
  list: (params: unknown) => ['booth', 'list', params] as const,
  exhibitorPicker: (search: unknown) => ['booth', 'exhibitorPicker', search] as const,
};
