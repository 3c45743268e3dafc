import type { createExhibitionBody, Exhibition, Page, exhibitionQuery, updateExhibitionBody } from '@pavilion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';

export type ExhibitionQuery = z.input<typeof exhibitionQuery>;
export type ExhibitionCreate = z.input<typeof createExhibitionBody>;
export type ExhibitionChange = z.input<typeof updateExhibitionBody>;

export const exhibitionApi = {
  get: (id: string) => api.get<Exhibition>('/api/v1/exhibition', { id }),
  query: (query: ExhibitionQuery) => api.post<Page<Exhibition>>('/api/v1/exhibition/query', query),
};

export const exhibitionKeys = {
  all: ['exhibition'] as const,
  lists: () => [...exhibitionKeys.all, 'list'] as const,
  list: (query: ExhibitionQuery) => [...exhibitionKeys.lists(), query] as const,
  detail: (id: string) => [...exhibitionKeys.all, 'detail', id] as const,
};

export const useExhibition = (id: string | null, initialData?: Exhibition | null) =>
  useQuery({
    queryKey: exhibitionKeys.detail(id ?? ''),
    queryFn: () => exhibitionApi.get(id!),
    enabled: Boolean(id),
    initialData: initialData && initialData.id === id ? initialData : undefined,
    initialDataUpdatedAt: 0,
  });

export const useExhibitions = (query: ExhibitionQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: exhibitionKeys.list(query), queryFn: () => exhibitionApi.query(query), placeholderData: keepPreviousData, enabled });

/** The administrator's writes: `PATCH /api/v1/exhibition?id`, `POST /api/exhibition` (for a host), `DELETE /api/v1/exhibition?id`. */
export const exhibitionAdminApi = {
  update: (id: string, body: ExhibitionChange) => api.patch<Exhibition>('/api/v1/exhibition', body, { query: { id } }),
  create: (body: ExhibitionCreate) => api.post<Exhibition>('/api/exhibition', body),
};
