import { and, eq, inArray, isNull } from 'drizzle-orm';
import { featureCatalogue, type FeatureKey } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { feature, platformVersion, versionFeature } from './tables.ts';

/** Fixed ids of the shipped versions, so the demo seed and the tests can name them. */
export const VERSION_IDS = {
  basic: '00000000-0000-4000-b000-000000000001',
  professional: '00000000-0000-4000-b000-000000000002',
  flagship: '00000000-0000-4000-b000-000000000003',
} as const;

const BASIC: FeatureKey[] = ['product', 'exhibitorService', 'audience', 'advisory', 'statistics', 'sms'];
const PROFESSIONAL: FeatureKey[] = [...BASIC, 'live', 'activity', 'meeting', 'topic', 'customPage', 'business', 'enquiry', 'appointment', 'evaluate', 'talk', 'dataDownload'];

/** The shipped versions (docs/api.md "Versions, features and gating"). */
export const VERSION_CATALOGUE = [
  { id: VERSION_IDS.basic, name: '基础版', nameEn: 'Basic', description: '展商、产品、观众、资讯和数据统计。', descriptionEn: 'Exhibitors, products, visitors, news and statistics.', showIndex: 1, keys: BASIC },
  {
    id: VERSION_IDS.professional,
    name: '专业版',
    nameEn: 'Professional',
    description: '基础版全部功能，加直播、活动、会议、专题、商务对接和数据下载。',
    descriptionEn: 'Basic, plus live streaming, activities, meetings, topics, business matching and data download.',
    showIndex: 2,
    keys: PROFESSIONAL,
  },
  { id: VERSION_IDS.flagship, name: '旗舰版', nameEn: 'Flagship', description: '平台的全部功能。', descriptionEn: 'Every feature of the platform.', showIndex: 3, keys: featureCatalogue.map((f) => f.key) },
] as const;

/**
 * Idempotent, at every start: inserts the catalogue's missing feature keys and the shipped versions
 * that do not exist yet (with their features). What the administrator changed later is kept.
 */
export async function ensureFeatureCatalogue(db: Executor) {
  await db
    .insert(feature)
    .values(featureCatalogue.map((f, i) => ({ key: f.key, name: f.name, nameEn: f.nameEn, group: f.group, description: f.description, descriptionEn: f.descriptionEn, showIndex: i + 1, builtIn: true })))
    .onConflictDoNothing({ target: feature.key });
  // Installations seeded before descriptions were bilingual kept the English text in `description`.
  for (const f of featureCatalogue)
    await db.update(feature).set({ description: f.description, descriptionEn: f.descriptionEn }).where(and(eq(feature.key, f.key), eq(feature.builtIn, true), isNull(feature.descriptionEn), eq(feature.description, f.descriptionEn)));
  for (const v of VERSION_CATALOGUE)
    await db.update(platformVersion).set({ description: v.description, descriptionEn: v.descriptionEn }).where(and(eq(platformVersion.id, v.id), isNull(platformVersion.descriptionEn), eq(platformVersion.description, v.descriptionEn)));
  const created = await db
    .insert(platformVersion)
    .values(VERSION_CATALOGUE.map(({ keys: _keys, ...v }) => v))
    .onConflictDoNothing()
    .returning({ id: platformVersion.id });
  if (!created.length) return;
  const ids = await db.select({ id: feature.id, key: feature.key }).from(feature).where(inArray(feature.key, featureCatalogue.map((f) => f.key)));
  const idOf = new Map(ids.map((r) => [r.key, r.id]));
  for (const { id } of created) {
    const v = VERSION_CATALOGUE.find((c) => c.id === id)!;
    await db.insert(versionFeature).values(v.keys.map((k) => ({ versionId: id, featureId: idOf.get(k)! }))).onConflictDoNothing();
  }
}
