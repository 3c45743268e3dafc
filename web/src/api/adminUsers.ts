import type { AdminUser, adminUserQuery, createAdminUserBody, updateAdminUserBody } from '@pavilion/contract';
import type { z } from 'zod';
import { crudApi, keysFor } from './crud.ts';

/** Administrator logins (`/api/v3/adminuser`, role 2 only; docs/admin.md). */
export const adminUserApi = crudApi<AdminUser, { query: z.input<typeof adminUserQuery>; create: z.input<typeof createAdminUserBody>; update: z.input<typeof updateAdminUserBody> }>('/api/v3/adminuser');
export const adminUserKeys = keysFor('adminUser');
