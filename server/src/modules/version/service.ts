import { and, asc, eq, sql } from 'drizzle-orm';
import type { VersionExhibition } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { cachedRead, readChanged } from '../../infra/read-cache.ts';
import { exhibitionFeature, exhibitionVersion, feature, platformVersion } from './tables.ts';

const FEATURE_KEYS_READ = 'featureKeys';

/**
 * The exhibition's effective feature keys: its version's, plus customised additions, minus
 * customised removals. One query, cached per exhibition (infra/read-cache.ts) until
 * `featureKeysChanged`: the feature gate reads it on every gated request.
 */
export function effectiveKeys(db: Executor, exhibitionId: string): Promise<string[]> {
  return cachedRead(db, FEATURE_KEYS_READ, exhibitionId, () => queryKeys(db, exhibitionId));
}

/** After a change of versions, features or an exhibition's customisations (no exhibition: every exhibition's keys). */
export const featureKeysChanged = (tx: Executor, exhibitionId?: string) => readChanged(tx, FEATURE_KEYS_READ, exhibitionId ?? '*');

async function queryKeys(db: Executor, exhibitionId: string): Promise<string[]> {
  const rows = await db
    .select({ key: feature.key })
    .from(feature)
    .leftJoin(exhibitionFeature, and(eq(exhibitionFeature.featureId, feature.id), eq(exhibitionFeature.exhibitionId, exhibitionId)))
    .where(
      sql`coalesce(${exhibitionFeature.enabled}, exists (
        select 1 from exhibition_version ev join version_feature vf on vf.version_id = ev.version_id
        where ev.exhibition_id = ${exhibitionId} and vf.feature_id = ${feature.id}))`,
    )
    .orderBy(asc(feature.showIndex), asc(feature.key));
  return rows.map((r) => r.key);
}


export async function versionOfExhibition(db: Executor, exhibitionId: string): Promise<VersionExhibition> {
  const [current] = await db
    .select({ id: platformVersion.id, name: platformVersion.name, nameEn: platformVersion.nameEn })
    .from(exhibitionVersion)
    .innerJoin(platformVersion, eq(platformVersion.id, exhibitionVersion.versionId))
    .where(eq(exhibitionVersion.exhibitionId, exhibitionId));
  const customized = await db
    .select({ featureId: exhibitionFeature.featureId, key: feature.key, enabled: exhibitionFeature.enabled })
    .from(exhibitionFeature)
    .innerJoin(feature, eq(feature.id, exhibitionFeature.featureId))
    .where(eq(exhibitionFeature.exhibitionId, exhibitionId))
    .orderBy(asc(feature.showIndex), asc(feature.key));
  return {
    exhibitionId,
    versionId: current?.id ?? null,
    versionName: current?.name ?? null,
    versionNameEn: current?.nameEn ?? null,
    customized,
    keys: await effectiveKeys(db, exhibitionId),
  };
}
