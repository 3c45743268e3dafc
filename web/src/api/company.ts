import type { Company } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

export const companyApi = {
  get: (id: string) => api.get<Company>('/api/v1/company', { id }),
};

export const companyKeys = {
  all: ['company'] as const,
  detail: (id: string) => [...companyKeys.all, 'detail', id] as const,
};

export const useCompany = (id: string | null, initialData?: Company | null) =>
  useQuery({
    queryKey: companyKeys.detail(id ?? ''),
    queryFn: () => companyApi.get(id!),
    enabled: Boolean(id),
    initialData: initialData && initialData.id === id ? initialData : undefined,
    initialDataUpdatedAt: 0,
  });
