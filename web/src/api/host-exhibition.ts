import type { Exhibition, ExhibitionHall, ExhibitionSchedule, ExhibitionSettingsAnswer, ExhibitionSettingsPatch, Page } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

/**
 * The host's own exhibitions (issue 3): basic information, schedules, halls and the exhibition
 * configuration. Query keys per resource; mutations invalidate through them.
 */
export const hostExhibitionApi = {
  create: (body: object) => api.post<Exhibition>('/api/exhibition', body),
  update: (id: string, body: object) => api.patch<Exhibition>('/api/v1/exhibition', body, { query: { id } }),
  schedules: (body: { exhibitionId: string; pageIndex: number; pageSize: number }) => api.post<Page<ExhibitionSchedule>>('/api/v1/exhibitionschedule/query', body),
  createSchedule: (body: object) => api.post<ExhibitionSchedule>('/api/v1/exhibitionschedule', body),
  updateSchedule: (id: string, body: object) => api.put<ExhibitionSchedule>('/api/v1/exhibitionschedule', body, { query: { id } }),
  removeSchedule: (id: string) => api.delete<unknown>('/api/v1/exhibitionschedule', { id }),
  halls: (exhibitionId: string) => api.get<ExhibitionHall[]>('/api/exhall/GetByExhibition', { exhibitionId }),
  createHall: (body: object) => api.post<ExhibitionHall>('/api/exhall', body),
  updateHall: (id: string, body: object) => api.put<ExhibitionHall>('/api/exhall', { ...body, id }),
  removeHall: (id: string) => api.delete<unknown>('/api/exhall', { id }),
  settings: (exhibitionId: string) => api.get<ExhibitionSettingsAnswer>('/api/v1/settings/exhibition', { exhibitionId }),
  patchSettings: (exhibitionId: string, body: ExhibitionSettingsPatch) => api.put<ExhibitionSettingsAnswer>('/api/v1/settings/exhibition/patch', body, { query: { exhibitionId } }),
};

export const hostExhibitionKeys = {
  schedules: (exhibitionId: string) => ['exhibitionSchedule', exhibitionId] as const,
  halls: (exhibitionId: string) => ['exhibitionHall', exhibitionId] as const,
  settings: (exhibitionId: string) => ['exhibitionSettings', exhibitionId] as const,
};

export const useExhibitionSettings = (exhibitionId: string | null) =>
  useQuery({ queryKey: hostExhibitionKeys.settings(exhibitionId ?? ''), queryFn: () => hostExhibitionApi.settings(exhibitionId!), enabled: Boolean(exhibitionId) });
