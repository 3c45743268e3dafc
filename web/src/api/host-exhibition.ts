import type {
  createExhibitionHallBody,
  createExhibitionScheduleBody,
  Exhibition,
  ExhibitionHall,
  ExhibitionSchedule,
  ExhibitionSettingsAnswer,
  ExhibitionSettingsPatch,
  Page,
  updateExhibitionHallBody,
  updateExhibitionScheduleBody,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { ExhibitionChange, ExhibitionCreate } from './exhibition.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

/**
 * The host's own exhibitions (issue 3): basic information, schedules, halls and the exhibition
 * configuration. Query keys per resource; mutations invalidate through them.
 */
export const hostExhibitionApi = {
  create: (body: ExhibitionCreate) => api.post<Exhibition>('/api/exhibition', body),
  update: (id: string, body: ExhibitionChange) => api.patch<Exhibition>('/api/v1/exhibition', body, { query: { id } }),
  schedules: (body: { exhibitionId: string; pageIndex: number; pageSize: number }) => api.post<Page<ExhibitionSchedule>>('/api/v1/exhibitionschedule/query', body),
  createSchedule: (body: z.input<typeof createExhibitionScheduleBody>) => api.post<ExhibitionSchedule>('/api/v1/exhibitionschedule', body),
  updateSchedule: (id: string, body: z.input<typeof updateExhibitionScheduleBody>) => api.put<ExhibitionSchedule>('/api/v1/exhibitionschedule', body, { query: { id } }),
  removeSchedule: (id: string) => api.delete<unknown>('/api/v1/exhibitionschedule', { id }),
  halls: (exhibitionId: string) => api.get<ExhibitionHall[]>('/api/exhall/GetByExhibition', { exhibitionId }),
  createHall: (body: z.input<typeof createExhibitionHallBody>) => api.post<ExhibitionHall>('/api/exhall', body),
  updateHall: (id: string, body: Omit<z.input<typeof updateExhibitionHallBody>, 'id'>) => api.put<ExhibitionHall>('/api/exhall', { ...body, id }),
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
