import { PhoneOutlined } from '@ant-design/icons';
import type { RegionMatch, RegionNode } from '@pavilion/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cascader, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionChildrenQuery, regionSearchQuery } from '../api/reference.ts';
import './RegionPicker.css';

/**
 * A place in the Chinese divisions: the ids from the province down, the Chinese names along the
 * same path (what a text column such as `company.region` keeps, joined with "/"), and the telephone
 * area code of the deepest level that has one. `ids` may be empty for a value read back from text;
 * the picker then finds the place by its names.
 */
export interface RegionValue {
  ids: string[];
  names: string[];
  code: string | null;
}

export const regionToText = (value: RegionValue | null | undefined): string | null => (value?.names.length ? value.names.join('/') : null);

export const regionFromText = (text: string | null | undefined): RegionValue | null => {
  const names = (text ?? '')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length ? { ids: [], names, code: null } : null;
};

export interface RegionPickerProps {
  value?: RegionValue | null;
  onChange?: (value: RegionValue | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Allow stopping at a province or city (default true); false asks for the last level. */
  changeOnSelect?: boolean;
  /** Show the area code of the choice beside the picker (default true). */
  showAreaCode?: boolean;
}

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
  node: RegionNode;
  /** Position among the search hits, on the option a hit stands for. */
  hitRank?: number;
}

/** The levels a path shows; macro-regions (华东) and null-name groups are left out of it. */
const PATH_KINDS = new Set<RegionNode['kind']>(['province', 'city', 'district']);
const SEARCH_DELAY_MS = 300;

const chainOf = (hit: RegionMatch): RegionNode[] => [...hit.path.filter((n) => PATH_KINDS.has(n.kind)), hit];
const deepestCode = (nodes: (RegionNode | undefined)[]): string | null => nodes.reduce<string | null>((code, n) => n?.code ?? code, null);
const sameNames = (a: readonly (string | null)[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** The directory's path for a region known by its names only (stored text), once the search answers; null until then or when it is not in the directory. */
export function useResolvedRegion(names: readonly string[], enabled = true): RegionNode[] | null {
  const on = enabled && names.length > 0;
  const lookup = useQuery({ ...regionSearchQuery(on ? names.at(-1)! : '', 50), enabled: on });
  const key = names.join('/');
  return useMemo(() => {
    const hit = on ? lookup.data?.find((h) => sameNames(chainOf(h).map((n) => n.name), key.split('/'))) : undefined;
    return hit ? chainOf(hit) : null;
  }, [on, lookup.data, key]);
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Province / city / district cascade over the location directory: children load when a level is
 * opened (`/api/City/GetByParentId`, cached), typing searches the server by Chinese, pinyin or
 * English (`/api/City/Search`) and picking a hit fills the whole path. Labels follow the UI
 * language; the area code of the choice is shown beside it. Works as an antd Form.Item control.
 */
export function RegionPicker({ value, onChange, id, disabled, placeholder, changeOnSelect = true, showAreaCode = true }: RegionPickerProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const labelOf = (n: RegionNode) => (en ? (n.nameEn ?? n.name) : (n.name ?? n.nameEn)) ?? '';

  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const searching = input.trim().length > 0;
  const search = useQuery({ ...regionSearchQuery(keyword), enabled: searching && keyword.length > 0 });

  // A value read back from text has names only: find the place with those names.
  const unresolved = Boolean(value && value.ids.length === 0 && value.names.length > 0);
  const resolved = useResolvedRegion(value?.names ?? [], unresolved);

  const pathIds = value?.ids.length ? value.ids : (resolved?.map((n) => n.id) ?? []);

  // Levels to load: the ones opened in this picker and the ones along the current value (the last
  // one's children too when it has any, so that reopening shows the next column).
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<readonly string[]>([]);
  const last = pathIds.length ? queryClient.getQueryData(regionChildrenQuery(pathIds.at(-2) ?? null).queryKey)?.find((n) => n.id === pathIds.at(-1)) : undefined;
  const along = last?.hasChildren ? pathIds : pathIds.slice(0, -1);
  const parents = [null, ...new Set([...along, ...opened])];
  const levels = useQueries({ queries: parents.map((parentId) => regionChildrenQuery(parentId)) });
  // What the tree below depends on, as one comparable value.
  const levelsKey = levels.map((q, i) => `${parents[i]}:${q.status}:${q.dataUpdatedAt}`).join('|');

  const { options, nodes } = useMemo(() => {
    const childrenOf = new Map<string | null, RegionNode[]>();
    // A level that failed to load is shown empty (the error itself is shown by the query cache).
    levels.forEach((q, i) => {
      if (q.data || q.isError) childrenOf.set(parents[i]!, q.data ?? []);
    });
    const nodes = new Map<string, RegionNode>();
    for (const list of childrenOf.values()) for (const n of list) nodes.set(n.id, n);
    for (const n of [...(search.data ?? []).flatMap(chainOf), ...(resolved ?? [])]) nodes.set(n.id, n);
    const toOption = (n: RegionNode): RegionOption => ({
      value: n.id,
      label: labelOf(n),
      isLeaf: !n.hasChildren,
      children: childrenOf.get(n.id)?.map(toOption),
      node: n,
    });
    return { options: (childrenOf.get(null) ?? []).map(toOption), nodes };
    // `levels` and `parents` are new arrays on every render; levelsKey says when they changed. labelOf follows `en`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levelsKey, search.data, resolved, en]);

  // While searching, the options are the hits with their paths, one entry per hit, best first.
  const hitOptions = useMemo(() => {
    const roots: RegionOption[] = [];
    const byId = new Map<string, RegionOption>();
    (search.data ?? []).forEach((hit, rank) => {
      let siblings = roots;
      const chain = chainOf(hit);
      chain.forEach((n, i) => {
        let option = byId.get(n.id);
        if (!option) {
          option = { value: n.id, label: labelOf(n), isLeaf: !n.hasChildren, node: n };
          byId.set(n.id, option);
          siblings.push(option);
        }
        if (i === chain.length - 1) {
          option.hitRank = rank;
          option.isLeaf = true;
        } else {
          option.children ??= [];
          siblings = option.children;
        }
      });
    });
    return roots;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.data, en]);

  const code = value ? (value.code ?? deepestCode(pathIds.map((id) => nodes.get(id)))) : null;
  const display = value ? (pathIds.length ? pathIds.map((id, i) => (nodes.get(id) ? labelOf(nodes.get(id)!) : (value.names[i] ?? ''))) : value.names) : [];

  const change = (ids: string[] | undefined, selected: RegionOption[] | undefined) => {
    if (!ids?.length || !selected?.length) return onChange?.(null);
    const path = selected.map((o) => o.node);
    onChange?.({ ids: path.map((n) => n.id), names: path.map((n) => n.name ?? n.nameEn ?? ''), code: deepestCode(path) });
  };

  return (
    <div className="region-picker">
      <Cascader<RegionOption>
        id={id}
        className="region-picker-cascader"
        classNames={{ popup: { root: searching ? 'region-picker-popup region-picker-popup-search' : 'region-picker-popup' } }}
        options={searching ? hitOptions : options}
        // Without ids yet, the names stand in: only displayRender below shows them.
        value={pathIds.length ? pathIds : (value?.names ?? [])}
        onChange={(ids, selected) => change(ids, selected)}
        loadData={(selected) => {
          const last = selected.at(-1);
          if (last) setOpened((prev) => (prev.includes(last.value) ? prev : [...prev, last.value]));
        }}
        changeOnSelect={changeOnSelect || searching}
        expandTrigger="click"
        showSearch={{
          searchValue: input,
          onSearch: setInput,
          autoClearSearchValue: true,
          limit: 100,
          filter: (_input, path) => path.at(-1)?.hitRank !== undefined,
          sort: (a, b) => (a.at(-1)?.hitRank ?? 0) - (b.at(-1)?.hitRank ?? 0),
          render: (_input, path) => (
            <span className="region-picker-hit">
              <span>{path.map((o) => o.label).join(' / ')}</span>
              {deepestCode(path.map((o) => o.node)) && <span className="region-picker-hit-code">{deepestCode(path.map((o) => o.node))}</span>}
            </span>
          ),
        }}
        displayRender={() => display.join(' / ')}
        notFoundContent={searching && (search.isFetching || keyword !== input.trim()) ? <Spin size="small" /> : t('region.noMatch')}
        placeholder={placeholder ?? t('region.placeholder')}
        disabled={disabled}
        allowClear
      />
      {showAreaCode && code && (
        <Tag icon={<PhoneOutlined />} color="blue" className="region-picker-code" data-testid="region-area-code">
          {t('region.areaCode', { code })}
        </Tag>
      )}
    </div>
  );
}
