import type { createHostAccountBody, Host, HostAccount, Page, updateHostBody } from '@pavilion/contract';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

export const hostApi = {
  get: (hostId: string) => api.get<Host>('/api/v1/host/by-hostid', { hostId }),
};

export const hostKeys = {
  all: ['host'] as const,
  detail: (id: string) => [...hostKeys.all, 'detail', id] as const,
  options: () => [...hostKeys.all, 'options'] as const,
};

export const useHost = (id: string | null, initialData?: Host | null) =>
  useQuery({
    queryKey: hostKeys.detail(id ?? ''),
    queryFn: () => hostApi.get(id!),
    enabled: Boolean(id),
    initialData: initialData && initialData.id === id ? initialData : undefined,
    initialDataUpdatedAt: 0,
  });

/** The administrator's host management (`/api/v1/host`, docs/admin.md "Hosts"). */
export const hostAdminApi = {
  query: (body: { pageIndex: number; pageSize: number; name?: string; phoneNumber?: string }) => api.post<Page<Host>>('/api/v1/host/query', body),
  createAccount: (body: z.input<typeof createHostAccountBody>) => api.post<HostAccount>('/api/v1/host/create-account', body),
  update: (id: string, body: z.input<typeof updateHostBody>) => api.patch<Host>('/api/v1/host', body, { query: { id } }),
  remove: (id: string) => api.delete<unknown>('/api/v1/host', { id }),
  setPassword: (userId: string, password: string) => api.put<unknown>('/api/v1/account/password', { userId, password }),
  setPhone: (hostId: string, phoneNumber: string) => api.post<Host>('/api/v1/account/update/host/phonenumber', { hostId, phoneNumber }),
};
