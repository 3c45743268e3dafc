import type { SmsAccount, SystemSettings, updateSmsAccountBody, updateSystemSettingsBody } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** Platform settings, SMS account and sensitive words (`/api/v1/settings/system`, administrator). */
export const systemSettingsApi = {
  get: () => api.get<SystemSettings>('/api/v1/settings/system'),
  update: (body: z.input<typeof updateSystemSettingsBody>) => api.put<SystemSettings>('/api/v1/settings/system', body),
  smsAccount: () => api.get<SmsAccount>('/api/v1/settings/system/smsaccount'),
  updateSmsAccount: (body: z.input<typeof updateSmsAccountBody>) => api.put<SmsAccount>('/api/v1/settings/system/smsaccount', body),
  margin: () => api.get<{ margin: number | null }>('/api/v1/sms/margin'),
  sensitives: () => api.get<{ words: string[]; updateAt: string | null }>('/api/v1/settings/system/sensitives'),
  setSensitives: (words: string[]) => api.put<{ words: string[]; updateAt: string | null }>('/api/v1/settings/system/sensitives', { words }),
};
export const systemSettingsKeys = {
  system: ['systemSettings'] as const,
  sms: ['systemSettings', 'sms'] as const,
  sensitives: ['systemSettings', 'sensitives'] as const,
};
