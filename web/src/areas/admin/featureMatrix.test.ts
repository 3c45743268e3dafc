import type { Feature } from '@pavilion/contract';
import { describe, expect, it } from 'vitest';
import { enabledFor, matrixRows } from './featureMatrix.ts';

const f = (id: string, key: string): Feature => ({ id, key, name: key, nameEn: key, group: 'content', description: null, descriptionEn: null, showIndex: 0, builtIn: true, createAt: '2026-01-01T00:00:00.000Z' });
const catalogue = [f('1', 'product'), f('2', 'live'), f('3', 'vote')];

describe('the feature matrix', () => {
  it('follows the version where nothing is customised', () => {
    const rows = matrixRows(catalogue, new Set(['1']), { customized: [] });
    expect(rows.map((r) => [r.feature.key, r.inVersion, r.choice, r.effective])).toEqual([
      ['product', true, 'version', true],
      ['live', false, 'version', false],
      ['vote', false, 'version', false],
    ]);
  });

  it('a customised on adds a feature the version lacks, off removes one it has', () => {
    const rows = matrixRows(catalogue, new Set(['1']), {
      customized: [
        { featureId: '1', key: 'product', enabled: false },
        { featureId: '2', key: 'live', enabled: true },
      ],
    });
    expect(rows.map((r) => [r.choice, r.effective])).toEqual([
      ['off', false],
      ['on', true],
      ['version', false],
    ]);
  });

  it('sends null to drop a customisation', () => {
    expect([enabledFor('version'), enabledFor('on'), enabledFor('off')]).toEqual([null, true, false]);
  });
});
