import type { Executor } from '../db/client.ts';
import { ensureMenus } from '../modules/menu/seed.ts';
import { ensureFeatureCatalogue } from '../modules/version/seed.ts';

/** The platform's shipped data (feature catalogue, versions, menus): idempotent, at every start. */
export async function ensurePlatformData(db: Executor) {
  await ensureFeatureCatalogue(db);
  await ensureMenus(db);
}
