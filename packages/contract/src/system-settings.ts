import { z } from 'zod';
import { httpUrl } from './url.ts';
import { email } from './auth.ts';

const when = z.iso.datetime({ offset: true });
const optText = (max: number) => z.string().trim().max(max).nullish();

/** What a sensitive word in submitted text does: refuse the call (400 naming field and word) or mask it with `*`. */
export const sensitiveMode = z.enum(['refuse', 'mask']);
export type SensitiveMode = z.infer<typeof sensitiveMode>;

/** Platform-wide settings (`/api/v1/settings/system`, administrator). */
export const systemSettings = z.object({
  platformName: z.string(),
  platformNameEn: z.string().nullable(),
  logo: z.string().nullable(),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  /** ICP filing number shown in page footers. */
  keepRecord: z.string().nullable(),
  sensitiveMode,
  updateAt: when.nullable(),
});
export type SystemSettings = z.infer<typeof systemSettings>;
export const updateSystemSettingsBody = z.object({
  platformName: z.string().trim().min(1).max(100).optional(),
  platformNameEn: optText(200),
  logo: httpUrl(1000).nullish(),
  supportPhone: z.string().trim().regex(/^[0-9+\-() ]{3,30}$/).nullish(),
  supportEmail: email.nullish(),
  keepRecord: optText(100),
  sensitiveMode: sensitiveMode.optional(),
});

/** The platform's SMS account. `accountKey` is never answered in clear. */
export const smsAccount = z.object({
  provider: z.string().nullable(),
  signName: z.string().nullable(),
  accountId: z.string().nullable(),
  /** Masked (`ab****yz`), or null when none is set. */
  accountKey: z.string().nullable(),
  /** Remaining messages; null = not metered. */
  balance: z.number().int().nullable(),
  updateAt: when.nullable(),
});
export type SmsAccount = z.infer<typeof smsAccount>;
export const updateSmsAccountBody = z.object({
  provider: optText(50),
  signName: optText(50),
  accountId: optText(200),
  /** Sent only to change it; the masked value echoed back leaves it unchanged. */
  accountKey: z.string().trim().max(500).nullish(),
  balance: z.number().int().min(0).max(1_000_000_000).nullish(),
});
export const smsMargin = z.object({ margin: z.number().int().nullable() });

export const sensitiveWords = z.object({ words: z.array(z.string()), updateAt: when.nullable() });
export const updateSensitiveWordsBody = z.object({ words: z.array(z.string().trim().max(50)).max(20_000) });
