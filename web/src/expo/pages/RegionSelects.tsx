import type { RegionNode } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expoApi } from '../api.ts';

/** A directory level's children, a nameless group (county-level cities under a province) replaced by its members. */
async function childrenOf(parentId: string | null): Promise<RegionNode[]> {
  const items = await expoApi.regionChildren(parentId);
  if (!items.some((n) => n.kind === 'group')) return items;
  const expanded = await Promise.all(items.map((n) => (n.kind === 'group' ? expoApi.regionChildren(n.id) : Promise.resolve([n]))));
  return expanded.flat();
}

const label = (lang: string, n: RegionNode) => (lang === 'en' ? (n.nameEn ?? n.name) : (n.name ?? n.nameEn)) ?? '';

/**
 * Province, city and district as three native selects over the public directory reads, with a
 * search that fills the path. The answer is the names, outermost first (as the back office keeps it).
 */
export function RegionSelects({ id, value, onChange, invalid, describedBy }: { id: string; value: string[]; onChange: (v: string[]) => void; invalid: boolean; describedBy?: string }) {
  const { t, i18n } = useTranslation('expo');
  const lang = i18n.language;
  const [levels, setLevels] = useState<RegionNode[][]>([]);
  const [picked, setPicked] = useState<RegionNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<{ id: string; path: RegionNode[] }[]>([]);

  useEffect(() => {
    childrenOf(null).then((top) => setLevels([top]), () => undefined);
  }, []);

  const choose = async (depth: number, nodeId: string) => {
    const node = levels[depth]?.find((n) => n.id === nodeId);
    const path = node ? [...picked.slice(0, depth), node] : picked.slice(0, depth);
    setPicked(path);
    onChange(path.map((n) => label(lang, n)));
    const kept = levels.slice(0, depth + 1);
    if (node?.hasChildren && depth < 2) kept.push(await childrenOf(node.id));
    setLevels(kept);
  };

  const fill = async (path: RegionNode[]) => {
    const trimmed = path.filter((n) => n.kind !== 'group').slice(0, 3);
    const lists = [levels[0] ?? (await childrenOf(null))];
    for (const n of trimmed.slice(0, -1)) lists.push(await childrenOf(n.id));
    setLevels(lists);
    setPicked(trimmed);
    onChange(trimmed.map((n) => label(lang, n)));
    setHits([]);
    setKeyword('');
  };

  const search = async () => {
    if (!keyword.trim()) return;
    const found = await expoApi.searchRegions(keyword.trim()).catch(() => []);
    setHits(found.map((m) => ({ id: m.id, path: [...m.path, m] })));
  };

  const names = [t('register.province'), t('register.city'), t('register.district')];
  return (
    <div className="region" id={id}>
      <div className="row">
        <input
          type="search"
          aria-label={t('register.regionSearch')}
          placeholder={t('register.regionSearchPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="button" onClick={() => void search()}>
          {t('directory.searchButton')}
        </button>
      </div>
      {hits.length ? (
        <ul className="hits">
          {hits.map((h) => (
            <li key={h.id}>
              <button type="button" className="link" onClick={() => void fill(h.path)}>
                {h.path
                  .filter((n) => n.kind !== 'group')
                  .map((n) => label(lang, n))
                  .join(' / ')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="selects">
        {levels.map((options, depth) => (
          <select
            key={depth}
            aria-label={names[depth]}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={picked[depth]?.id ?? ''}
            onChange={(e) => void choose(depth, e.target.value)}
          >
            <option value="">{names[depth]}</option>
            {options.map((n) => (
              <option key={n.id} value={n.id}>
                {label(lang, n)}
              </option>
            ))}
          </select>
        ))}
      </div>
      {value.length && !picked.length ? <p className="muted">{value.join(' / ')}</p> : null}
    </div>
  );
}
