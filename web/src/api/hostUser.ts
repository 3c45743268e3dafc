import type { createHostUserBody, HostUser, Page, updateHostUserBody } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';
import { keysFor } from './crud.ts';

/** A host's logins (`/api/v3/hostinuser`); only the owner login changes them (docs/admin.md). */
export const hostUserApi = {
  query: (body: { pageIndex: number; pageSize: number; keyword?: string; hostId?: string }) => api.post<Page<HostUser>>('/api/v3/hostinuser/query', body),
  create: (body: z.input<typeof createHostUserBody>) => api.post<HostUser>('/api/v3/hostinuser', body),
  update: (id: string, body: z.input<typeof updateHostUserBody>) => api.patch<HostUser>('/api/v3/hostinuser', body, { query: { id } }),
  remove: (id: string) => api.delete<unknown>('/api/v3/hostinuser', { id }),
  addExhibition: (hostInUserId: string, exhibitionId: string) => api.post<HostUser>('/api/v3/hostinuser/exhibition', { hostInUserId, exhibitionId }),
  removeExhibition: (hostInUserId: string, exhibitionId: string) => api.delete<HostUser>('/api/v3/hostinuser/exhibition', { hostInUserId, exhibitionId }),
};
export const hostUserKeys = keysFor('hostUser');
