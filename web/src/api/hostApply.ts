import type { HostApply, hostApplyQuery } from '@pavilion/contract';
import type { z } from 'zod';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** Organisers' applications (`/api/v3/hostapply`). */
export const hostApplyApi = {
  query: crudApi<HostApply, { query: z.input<typeof hostApplyQuery>; create: never; update: never }>('/api/v3/hostapply').query,
  decide: (id: string, body: { status: 'approved' | 'rejected'; reason?: string | null; userName?: string }) => api.patch<HostApply>('/api/v3/hostapply', body, { query: { id } }),
};
export const hostApplyKeys = keysFor('hostApply');
