import { ALBUM_LIMIT, type Album, type AlbumDetail, type albumCreateBody, type albumPatchBody, type AlbumPhotosBody, type Page } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** The exhibitor's booth albums (docs/products.md "Catalogue"). */
export type AlbumCreate = z.input<typeof albumCreateBody>;
export type AlbumChange = z.input<typeof albumPatchBody>;

export const albumApi = {
  list: (exhibitorId: string) => api.post<Page<Album>>('/api/v1/album/query', { exhibitorId, pageIndex: 1, pageSize: ALBUM_LIMIT }),
  get: (id: string) => api.get<AlbumDetail>('/api/v1/album', { id }),
  create: (body: AlbumCreate) => api.post<AlbumDetail>('/api/v1/album', body),
  update: (id: string, body: AlbumChange) => api.patch<AlbumDetail>('/api/v1/album', body, { query: { id } }),
  photos: (id: string, body: AlbumPhotosBody) => api.put<AlbumDetail>('/api/v1/album/photos', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/album', { id }),
};

export const albumKeys = {
  all: ['album'] as const,
  list: (exhibitorId: string) => ['album', 'list', exhibitorId] as const,
  detail: (id: string) => ['album', 'detail', id] as const,
};
