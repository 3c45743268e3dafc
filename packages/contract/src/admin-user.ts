import { z } from 'zod';
import { password, phoneNumber, userName } from './auth.ts';
import { id, pageRequest } from './envelope.ts';

/** An administrator login (role 2), as `/api/v3/adminuser` answers it. */
export const adminUser = z.object({
  id,
  userName: z.string(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isDisabled: z.boolean(),
  /** The caller's own login: it cannot delete or disable itself. */
  isSelf: z.boolean(),
  createAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserQuery = pageRequest.extend({
  /** Part of the user name, name or phone. */
  keyword: z.string().trim().max(100).optional(),
  isDisabled: z.boolean().optional(),
});

export const createAdminUserBody = z.object({
  userName,
  password,
  name: z.string().trim().min(1).max(100).optional(),
  phoneNumber: phoneNumber.optional(),
});

/** Only the fields sent change; `phoneNumber: null` removes the phone. */
export const updateAdminUserBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  phoneNumber: phoneNumber.nullable().optional(),
  isDisabled: z.boolean().optional(),
});
