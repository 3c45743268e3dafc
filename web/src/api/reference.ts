import type { CityPage, Country, RegionMatch, RegionNode } from '@pavilion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

/**
 * The location directory's public reads (docs/api.md "Reference data"). They need no token, and a
 * failure is shown by the query cache as a message rather than sending the whole page to /404 or
 * /500: a picker inside a form must not take the form away.
 */
const pub = { auth: false, global: false } as const;
const PAGE_SIZE = 1000;

/** Reference data changes rarely (the server caches it for 10 minutes too). */
export const REFERENCE_STALE_MS = 10 * 60_000;

async function allChildren(parentId: string | null): Promise<RegionNode[]> {
  const items: RegionNode[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.get<CityPage<RegionNode>>('/api/City/GetByParentId', { parentId, pageIndex, pageSize: PAGE_SIZE }, pub);
    items.push(...page.items);
    if (!page.hasNextPage || page.items.length === 0) return items;
  }
}

export const referenceApi = {
  /**
   * Children of a directory node (the 34 province-level divisions for `null`). A null-name group
   * (county-level cities a province administers directly) is replaced by its members, so a
   * cascade shows 仙桃市 beside 武汉市 instead of an unnamed entry.
   */
  regionChildren: async (parentId: string | null): Promise<RegionNode[]> => {
    const items = await allChildren(parentId);
    if (!items.some((n) => n.kind === 'group')) return items;
    const expanded = await Promise.all(items.map((n) => (n.kind === 'group' ? allChildren(n.id) : Promise.resolve([n]))));
    return expanded.flat();
  },
  /** Provinces, cities and districts by Chinese, pinyin (full or initials) or English name, best first, each with its path. */
  searchRegions: (keyword: string, limit = 20) => api.get<RegionMatch[]>('/api/City/Search', { keyword, limit }, pub),
  /** The 240 countries with dialling codes (Chinese Mainland, Hong Kong and Macao are not among them). */
  countries: () => api.get<Country[]>('/api/v1/country/countries', undefined, pub),
};

export const referenceKeys = {
  all: ['reference'] as const,
  regionChildren: (parentId: string | null) => [...referenceKeys.all, 'regionChildren', parentId ?? 'root'] as const,
  regionSearch: (keyword: string, limit: number) => [...referenceKeys.all, 'regionSearch', keyword, limit] as const,
  countries: () => [...referenceKeys.all, 'countries'] as const,
};

export const regionChildrenQuery = (parentId: string | null) =>
  queryOptions({ queryKey: referenceKeys.regionChildren(parentId), queryFn: () => referenceApi.regionChildren(parentId), staleTime: REFERENCE_STALE_MS });

export const regionSearchQuery = (keyword: string, limit = 20) =>
  queryOptions({
    queryKey: referenceKeys.regionSearch(keyword, limit),
    queryFn: () => referenceApi.searchRegions(keyword, limit),
    staleTime: REFERENCE_STALE_MS,
    enabled: keyword.length > 0,
  });

export const useCountries = () => useQuery({ queryKey: referenceKeys.countries(), queryFn: referenceApi.countries, staleTime: REFERENCE_STALE_MS });

/** The province-level divisions (also the first column of the region picker; one cached copy). */
export const useProvinces = () => useQuery(regionChildrenQuery(null));
