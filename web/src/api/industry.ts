import type { Industry } from '@pavilion/contract';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** The platform's industry classification (`/api/v3/industry`). */
export const industryApi = {
  ...crudApi<Industry>('/api/v3/industry'),
  bulk: (items: { name: string; nameEn?: string | null }[]) => api.post<unknown>('/api/v3/industry/bulk', { items }),
};
export const industryKeys = keysFor('industry');
