import type { Host } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

export const hostApi = {
  get: (hostId: string) => api.get<Host>('/api/v1/host/by-hostid', { hostId }),
};

export const hostKeys = {
  all: ['host'] as const,
  detail: (id: string) => [...hostKeys.all, 'detail', id] as const,
};

export const useHost = (id: string | null, initialData?: Host | null) =>
  useQuery({
    queryKey: hostKeys.detail(id ?? ''),
    queryFn: () => hostApi.get(id!),
    enabled: Boolean(id),
    initialData: initialData && initialData.id === id ? initialData : undefined,
    initialDataUpdatedAt: 0,
  });
