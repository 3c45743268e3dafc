import type { Feature, VersionExhibition } from '@pavilion/contract';

/** How one feature is set for an exhibition: follow the version, or customised on/off. */
export type FeatureChoice = 'version' | 'on' | 'off';

export interface MatrixRow {
  feature: Feature;
  inVersion: boolean;
  choice: FeatureChoice;
  effective: boolean;
}

/** One row per catalogue feature: what the version gives, the customisation, and the effective result. */
export function matrixRows(catalogue: readonly Feature[], versionFeatureIds: ReadonlySet<string>, state: Pick<VersionExhibition, 'customized'>): MatrixRow[] {
  const custom = new Map(state.customized.map((c) => [c.featureId, c.enabled]));
  return catalogue.map((feature) => {
    const inVersion = versionFeatureIds.has(feature.id);
    const c = custom.get(feature.id);
    const choice: FeatureChoice = c === undefined ? 'version' : c ? 'on' : 'off';
    return { feature, inVersion, choice, effective: choice === 'version' ? inVersion : choice === 'on' };
  });
}

/** What to send for a choice: null drops the customisation (follows the version). */
export const enabledFor = (choice: FeatureChoice): boolean | null => (choice === 'version' ? null : choice === 'on');
