import { auditSwitchTypes, type ExhibitionSettings, type ExhibitionSettingsPatch } from '@pavilion/contract';

/**
 * The exhibitor-facing keys of the exhibition configuration that /live/index/ex-set edits (docs/exhibitor-services.md "ex-set").
 * Display keys (logos, theme) stay on the display screen; `boothLink` and the exhibitor limit are on both.
 */
export const auditKeys = auditSwitchTypes.flatMap((type) => [`enabledAutoAudit${type}`, `enabledAuditAppointment${type}`] as const);
export const limitKeys = ['exhibitorCategoryNumber', 'productImageUploadNumber', 'exhibitorsLoadProductNumber', 'enabledUploadProductVideo', 'enabledExhibitorLimitNumber', 'exhibitorLimitNumber'] as const;
export const featureKeys = ['enabledExhibitorCorrection', 'enabledExhibitorLive', 'enabledContacts', 'boothLink'] as const;
export const exSetKeys = [...auditKeys, ...limitKeys, ...featureKeys, 'sayHello'] as const satisfies readonly (keyof ExhibitionSettings)[];
export type ExSetKey = (typeof exSetKeys)[number];
export type ExSetValues = Pick<ExhibitionSettings, ExSetKey>;

export const exSetValuesOf = (settings: ExhibitionSettings): ExSetValues => Object.fromEntries(exSetKeys.map((k) => [k, settings[k]])) as ExSetValues;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the keys that changed (a nested object whole), trimmed text; an empty patch means nothing to save. */
export function exSetPatch(before: ExSetValues, after: Partial<ExSetValues>): ExhibitionSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of exSetKeys) {
    let value: unknown = after[key];
    if (value === undefined) continue;
    if (typeof value === 'string') value = value.trim();
    if (key === 'sayHello') value = { ...before.sayHello, ...(value as object) };
    if (!same(value, before[key])) patch[key] = value;
  }
  return patch as ExhibitionSettingsPatch;
}
