import { and, eq } from 'drizzle-orm';
import {
  advisorySettings,
  defaultRankingRules,
  productRankingRules,
  productRulesOfSort,
  rankingRules,
  exhibitionSettings,
  exhibitorSettings,
  SettingType,
  type AdvisorySettings,
  type ExhibitionSettings,
  type ExhibitorRankingRule,
  type ExhibitorSettings,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { setting } from './tables.ts';
import { cachedRead, readChanged } from '../../infra/read-cache.ts';

/** The fixed names of the typed rows (scope is the exhibition or exhibitor id). */
export const settingNames = { exhibition: 'exhibition', advisory: 'advisory', exhibitor: 'exhibitor', rankingRule: 'exhibitorRankingRule' } as const;

type Key = { type: number; scope: string; name: string };

/** The cached read of an exhibition's configuration (infra/read-cache.ts), dropped by every write of its row. */
const SETTINGS_READ = 'exhibitionSettings';
/** The cached ranking rules of an exhibition (public lists read them on every page), dropped by a write of them or of the configuration (`productSort`). */
const RANKING_READ = 'rankingRules';
export async function settingChanged(tx: Executor, key: Key) {
  if (key.type === SettingType.Exhibition && key.name === settingNames.exhibition) {
    await readChanged(tx, SETTINGS_READ, key.scope);
    await readChanged(tx, RANKING_READ, key.scope);
  }
  if (key.type === SettingType.RankingRule && key.name === settingNames.rankingRule) await readChanged(tx, RANKING_READ, key.scope);
}
export async function readSettingRow(db: Executor, key: Key) {
  const [row] = await db
    .select()
    .from(setting)
    .where(and(eq(setting.type, key.type), eq(setting.scope, key.scope), eq(setting.name, key.name)))
    .limit(1);
  return row ?? null;
}

/**
 * Parses a stored value with the contract's defaults. A stored key that no longer fits the
 * schema (a tightened limit) falls back to its default rather than breaking every reader.
 */
export function withDefaults<S extends z.ZodType>(schema: S, stored: unknown): z.infer<S> {
  let value: Record<string, unknown> = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Record<string, unknown>) } : {};
  for (let i = 0; i < 3; i++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    value = Object.fromEntries(Object.entries(value).filter(([k]) => !bad.has(k)));
  }
  return schema.parse({});
}

/** Merges a patch into a stored value, one level deep for nested objects (homeActivity, sayHello …). */
export function mergePatch(stored: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const base = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const old = base[k];
    base[k] = v && typeof v === 'object' && !Array.isArray(v) && old && typeof old === 'object' && !Array.isArray(old) ? { ...old, ...v } : v;
  }
  return base;
}

/** Writes (creates or replaces) the value of a typed row; answers the row before and after. */
export async function writeSettingRow(
  tx: Executor,
  key: Key & { displayName?: string | null; hostId?: string | null; exhibitionId?: string | null; exhibitorId?: string | null },
  change: (stored: unknown) => unknown,
) {
  const before = await readSettingRow(tx, key);
  const value = change(before?.value ?? {});
  await settingChanged(tx, key);
  const [after] = before
    ? await tx.update(setting).set({ value }).where(eq(setting.id, before.id)).returning()
    : await tx
        .insert(setting)
        .values({ type: key.type, scope: key.scope, name: key.name, displayName: key.displayName ?? null, value, hostId: key.hostId ?? null, exhibitionId: key.exhibitionId ?? null, exhibitorId: key.exhibitorId ?? null })
        .returning();
  return { before, after: after! };
}

/**
 * An exhibition's configuration with every default filled in. Other modules read their switches
 * and limits through this (the audit mechanism's `enabledAutoAudit*`, `exhibitorCategoryNumber` …).
 * It does not check tenancy: callers have already loaded the exhibition in the principal's scope.
 */
export async function getExhibitionSettings(db: Executor, exhibitionId: string): Promise<ExhibitionSettings> {
  return cachedRead(db, SETTINGS_READ, exhibitionId, async () => {
    const row = await readSettingRow(db, { type: SettingType.Exhibition, scope: exhibitionId, name: settingNames.exhibition });
    return withDefaults(exhibitionSettings, row?.value);
  });
}

export async function getAdvisorySettings(db: Executor, exhibitionId: string): Promise<AdvisorySettings> {
  const row = await readSettingRow(db, { type: SettingType.Advisory, scope: exhibitionId, name: settingNames.advisory });
  return withDefaults(advisorySettings, row?.value);
}

export async function getExhibitorSettings(db: Executor, exhibitorId: string): Promise<ExhibitorSettings> {
  const row = await readSettingRow(db, { type: SettingType.Exhibitor, scope: exhibitorId, name: settingNames.exhibitor });
  return withDefaults(exhibitorSettings, row?.value);
}

/**
 * How the exhibition's exhibitors and products are ordered on public lists (the ranking module applies it,
 * docs/ranking.md). Stored rules that no longer fit the contract fall back to the defaults; unsaved product
 * rules follow the catalogue display's `productSort`.
 */
export async function getExhibitorRankingRule(db: Executor, exhibitionId: string): Promise<ExhibitorRankingRule> {
  return cachedRead(db, RANKING_READ, exhibitionId, async () => {
    const row = await readSettingRow(db, { type: SettingType.RankingRule, scope: exhibitionId, name: settingNames.rankingRule });
    const stored = (row?.value ?? {}) as { rules?: unknown; productRules?: unknown };
    const rules = rankingRules.safeParse(stored.rules);
    const productRules = productRankingRules.safeParse(stored.productRules);
    return {
      exhibitionId,
      rules: rules.success ? rules.data : defaultRankingRules,
      productRules: productRules.success ? productRules.data : productRulesOfSort[(await getExhibitionSettings(db, exhibitionId)).journalDisplay.productSort],
    };
  });
}

/** The typed rows, each with its type, fixed name and the display name it is stored with. */
const builtIn = {
  exhibition: { type: SettingType.Exhibition, name: settingNames.exhibition, displayName: '展会配置' },
  advisory: { type: SettingType.Advisory, name: settingNames.advisory, displayName: '资讯设置' },
  exhibitor: { type: SettingType.Exhibitor, name: settingNames.exhibitor, displayName: '展商设置' },
  rankingRule: { type: SettingType.RankingRule, name: settingNames.rankingRule, displayName: '展商排序规则' },
} as const;

/**
 * Writes one typed row of an exhibition (or of an exhibitor, when `exhibitorId` is given) and its
 * operation-log row, in the caller's transaction. `logBefore` picks what the log keeps of the old value.
 */
export async function saveSettings(
  tx: Executor,
  actor: Actor,
  kind: keyof typeof builtIn,
  owner: { exhibitionId: string; exhibitorId?: string; hostId: string | null },
  change: (stored: unknown) => unknown,
  log: { after: unknown; logBefore?: (stored: Record<string, unknown> | undefined) => unknown },
) {
  const scope = owner.exhibitorId ?? owner.exhibitionId;
  const { before } = await writeSettingRow(tx, { ...builtIn[kind], scope, hostId: owner.exhibitorId ? null : owner.hostId, exhibitionId: owner.exhibitionId, exhibitorId: owner.exhibitorId ?? null }, change);
  const stored = before?.value as Record<string, unknown> | undefined;
  await writeOpLog(tx, actor, {
    action: `settings.${kind}.update`,
    targetType: owner.exhibitorId ? 'exhibitor' : 'exhibition',
    targetId: scope,
    hostId: owner.hostId,
    before: log.logBefore ? log.logBefore(stored) : (stored ?? null),
    after: log.after,
  });
}
