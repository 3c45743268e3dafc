import type { AdminUser } from '@pavilion/contract';
import { crudApi, keysFor } from './crud.ts';

/** Administrator logins (`/api/v3/adminuser`, role 2 only; docs/admin.md). */
export const adminUserApi = crudApi<AdminUser>('/api/v3/adminuser');
export const adminUserKeys = keysFor('adminUser');
