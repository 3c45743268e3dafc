import type { ExhibitionSettings, ExhibitionSettingsPatch } from '@pavilion/contract';

/** The Display group of the exhibition configuration (part 1 §3), edited on manage/ex-display. */
export const displayKeys = [
  'themeId',
  'boothLink',
  'enabledExhibitorLimitNumber',
  'exhibitorLimitNumber',
  'exhibitorWapLogo',
  'exhibitorWebLogo',
  'exhibitorBackstageLogo',
  'enabledCustomQuick',
  'enabledCustomMTab',
  'homeActivity',
  'homeExhibitorLogo',
  'showExhibitorCount',
  'showViewCount',
] as const satisfies readonly (keyof ExhibitionSettings)[];

/** The feature toggles group, in the spec's order. */
export const featureKeys = [
  'enabledArticle',
  'enabledSupplyDemand',
  'enabledExhibitionList',
  'enabledBmm',
  'enabledBrandExhibitor',
  'enabledConcurrentActivity',
  'enabledContacts',
  'enabledDataStatistics',
  'enabledLive',
  'enabledNearbyExhibitor',
  'enabledRecommendForYou',
  'enabledSpecialLive',
  'enabledSwitchLanguage',
  'enabledActivityReg',
  'enabledActivityCategory',
  'enabledExhibitorLive',
  'enabledExhibitorCorrection',
  'enabledShareDispalyOrigin',
  'enabledExhibitionSurvey',
  'enabledExhibitionVideo',
  'enabledExhibitionTalk',
] as const satisfies readonly (keyof ExhibitionSettings)[];

export const editedKeys = [...displayKeys, ...featureKeys];
export type EditedKey = (typeof editedKeys)[number];
export type DisplayValues = Pick<ExhibitionSettings, EditedKey>;

/** Theme ids the visitor site knows; a stored id outside the list is kept and shown as custom. */
export const themeIds = ['default', 'red', 'green', 'gold', 'dark'] as const;
export const themeColors: Record<(typeof themeIds)[number], string> = { default: '#1677ff', red: '#d4380d', green: '#389e0d', gold: '#d48806', dark: '#262626' };

const norm = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Only what changed, so the keys left alone are not written: scalars compared after trimming (an emptied
 * text is "" for `boothLink`, null for the nullable ones), nested objects ({col,row}) key by key.
 */
export function displayPatch(before: DisplayValues, after: Partial<DisplayValues>): ExhibitionSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of editedKeys) {
    if (!(key in after)) continue;
    const was = before[key] as unknown;
    const now = after[key] as unknown;
    if (isObject(was)) {
      const inner: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(isObject(now) ? now : {})) if (v !== undefined && v !== null && v !== was[k]) inner[k] = v;
      if (Object.keys(inner).length > 0) patch[key] = inner;
      continue;
    }
    if (norm(was) === norm(now)) continue;
    // A cleared number box is not a value: counts are never null.
    if (typeof was === 'number' && norm(now) === null) continue;
    patch[key] = key === 'boothLink' ? ((norm(now) as string | null) ?? '') : norm(now);
  }
  return patch as ExhibitionSettingsPatch;
}
