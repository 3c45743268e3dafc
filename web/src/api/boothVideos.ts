import { EXHIBITION_VIDEO_LIMIT, EXHIBITOR_VIDEO_LIMIT, type ExhibitionVideo, type exhibitionVideoCreateBody, type exhibitionVideoPatchBody, type ExhibitorVideo, type exhibitorVideoCreateBody, type exhibitorVideoPatchBody, type Page } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Booth videos of the exhibitor and the host's exhibition videos (docs/products.md "Catalogue"). */
export const exhibitorVideoApi = {
  list: (exhibitorId: string) => api.post<Page<ExhibitorVideo>>('/api/v1/exhibitorvideo/query', { exhibitorId, pageIndex: 1, pageSize: EXHIBITOR_VIDEO_LIMIT }),
  create: (body: z.input<typeof exhibitorVideoCreateBody>) => api.post<ExhibitorVideo>('/api/v1/exhibitorvideo', body),
  update: (id: string, body: z.input<typeof exhibitorVideoPatchBody>) => api.patch<ExhibitorVideo>('/api/v1/exhibitorvideo', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/exhibitorvideo', { id }),
};
export const exhibitionVideoApi = {
  list: (exhibitionId: string) => api.post<Page<ExhibitionVideo>>('/api/v1/exhibitionvideo/query', { exhibitionId, pageIndex: 1, pageSize: EXHIBITION_VIDEO_LIMIT }),
  create: (body: z.input<typeof exhibitionVideoCreateBody>) => api.post<ExhibitionVideo>('/api/v1/exhibitionvideo', body),
  update: (id: string, body: z.input<typeof exhibitionVideoPatchBody>) => api.patch<ExhibitionVideo>('/api/v1/exhibitionvideo', body, { query: { id } }),
  show: (id: string, isShow: boolean) => api.put<ExhibitionVideo>('/api/v1/exhibitionvideo/show', { id, isShow }),
  remove: (id: string) => api.delete<boolean>('/api/v1/exhibitionvideo', { id }),
};
export const boothVideoKeys = {
  all: ['boothVideo'] as const,
  exhibitor: (exhibitorId: string) => ['boothVideo', 'exhibitor', exhibitorId] as const,
  exhibition: (exhibitionId: string) => ['boothVideo', 'exhibition', exhibitionId] as const,
};
