import { eq, sql } from 'drizzle-orm';
import type { SensitiveMode, SmsAccount, SystemSettings } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { smsAccount } from '../../messaging/tables.ts';
import { systemSetting } from './tables.ts';

export const SYSTEM_DEFAULTS: Omit<SystemSettings, 'updateAt'> = {
  platformName: 'Pavilion',
  platformNameEn: 'Pavilion',
  logo: null,
  supportPhone: null,
  supportEmail: null,
  keepRecord: null,
  sensitiveMode: 'refuse',
};

async function readRow(db: Executor, key: string) {
  const [row] = await db.select().from(systemSetting).where(eq(systemSetting.key, key));
  return row;
}

export async function readSystemSettings(db: Executor): Promise<SystemSettings> {
  const row = await readRow(db, 'system');
  const stored = (row?.value ?? {}) as Partial<SystemSettings>;
  const picked = Object.fromEntries(Object.keys(SYSTEM_DEFAULTS).filter((k) => k in stored).map((k) => [k, stored[k as keyof SystemSettings]]));
  return { ...SYSTEM_DEFAULTS, ...picked, updateAt: row?.updatedAt.toISOString() ?? null };
}

export async function readSensitiveWords(db: Executor): Promise<{ words: string[]; updateAt: string | null }> {
  const row = await readRow(db, 'sensitives');
  const words = (row?.value as { words?: unknown } | undefined)?.words;
  return { words: Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [], updateAt: row?.updatedAt.toISOString() ?? null };
}

export async function readSensitiveMode(db: Executor): Promise<SensitiveMode> {
  return (await readSystemSettings(db)).sensitiveMode;
}

export async function writeSetting(db: Executor, key: string, value: unknown) {
  await db
    .insert(systemSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSetting.key, set: { value, updatedAt: sql`now()` } });
}

/** `ab****yz`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string | null): string | null {
  if (!key) return null;
  if (key.length <= 6) return '*'.repeat(key.length);
  return `${key.slice(0, 2)}${'*'.repeat(Math.min(12, key.length - 4))}${key.slice(-2)}`;
}

export async function readSmsAccount(db: Executor): Promise<SmsAccount> {
  const [row] = await db.select().from(smsAccount).where(eq(smsAccount.id, 'platform'));
  return {
    provider: row?.provider ?? null,
    signName: row?.signName ?? null,
    accountId: row?.accountId ?? null,
    accountKey: maskKey(row?.accountKey ?? null),
    balance: row?.balance ?? null,
    updateAt: row?.updatedAt.toISOString() ?? null,
  };
}
