import type { createIndustryBody, Industry, industryQuery, updateIndustryBody } from '@pavilion/contract';
import type { z } from 'zod';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** The platform's industry classification (`/api/v3/industry`). */
export const industryApi = {
  ...crudApi<Industry, { query: z.input<typeof industryQuery>; create: z.input<typeof createIndustryBody>; update: z.input<typeof updateIndustryBody> }>('/api/v3/industry'),
  bulk: (items: { name: string; nameEn?: string | null }[]) => api.post<unknown>('/api/v3/industry/bulk', { items }),
};
export const industryKeys = keysFor('industry');
