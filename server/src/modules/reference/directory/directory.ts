/**
 * The location and area-code directory (part 2 §3; issue 4), read once from the generated
 * server/data/directory/directory.json (see server/scripts/directory/build.ts, docs/directory.md).
 *
 * Tree: two top groups.
 *   国际 International → continent → country { code: dialling code "44", param: "flag-gb" }
 *   中国大陆 Chinese Mainland (code "86") → macro-region → province-level division →
 *     prefecture-level city { code: area code "0571" } → district / county
 *   Municipalities (北京, 天津, 上海, 重庆), Hong Kong (00852) and Macao (00853) are province-level
 *   nodes that are their own city: they carry the code, their districts sit directly below.
 *   Taiwan is one node with a null code and no children.
 *   Directly administered county-level cities sit in a group node whose name and nameEn are null.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DirectoryNode {
  readonly id: string;
  /** Chinese label; null only for the groups of directly administered county-level divisions. */
  readonly name: string | null;
  readonly nameEn: string | null;
  /** Dialling code (countries, "44"), area code (cities and districts, "0571"), or null: none. */
  readonly code?: string | null;
  /** Flag style class of a country: "flag-" + lower-case ISO 3166-1 alpha-2. */
  readonly param?: string;
  readonly lists?: readonly DirectoryNode[];
}

export type NodeKind =
  | 'top' // International, Chinese Mainland
  | 'continent'
  | 'country'
  | 'region' // macro-region: 华东 East China …
  | 'province' // province-level division, incl. municipalities, Hong Kong, Macao, Taiwan
  | 'city' // prefecture-level city, prefecture, league, autonomous prefecture
  | 'group' // null-name group of directly administered county-level divisions
  | 'district'; // district, county, banner, county-level city

/** A node without its children, for API answers and lazy-loading pickers. */
export interface ShallowNode {
  id: string;
  name: string | null;
  nameEn: string | null;
  code?: string | null;
  param?: string;
  hasChildren: boolean;
}

export interface Country {
  id: string;
  name: string;
  nameEn: string;
  /** International dialling code without "+", e.g. "44". */
  code: string;
  param: string;
  /** Upper-case ISO 3166-1 alpha-2 (AC for Ascension). */
  iso2: string;
  continentId: string;
  continent: string;
  continentEn: string;
}

export interface RegionMatch {
  node: ShallowNode;
  kind: NodeKind;
  /** Ancestors below the top group, outermost first: macro-region, province, city or group. */
  path: ShallowNode[];
}

interface Entry {
  node: DirectoryNode;
  parent: DirectoryNode | null;
  kind: NodeKind;
  /** Position in a depth-first walk: stable tie-breaker for sorting. */
  order: number;
  /** Lower-case search keys (Chinese mainland nodes only). */
  keys?: { zh: string; latin: string[] };
}

const DATA_DIR = path.resolve(import.meta.dirname, '../../../../data/directory');

/** The whole tree, as generated. Treat as read-only. */
export const directory: readonly DirectoryNode[] = JSON.parse(
  fs.readFileSync(path.join(DATA_DIR, 'directory.json'), 'utf8'),
) as DirectoryNode[];

const pinyinIndex = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'pinyin.json'), 'utf8')) as Record<string, string>;

const [INTERNATIONAL, MAINLAND] = directory as [DirectoryNode, DirectoryNode];

/** Lower case, no diacritics (ü → u), no spaces, apostrophes, hyphens or dots. */
export function normalizeLatin(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s'’`.-]/g, '');
}

/**
 * Pinyin search keys of a Chinese division (full pinyin and initials: "hangzhoushi", "hzs"); the index
 * writes ü as v (as typed on Chinese keyboards), u is accepted as well. [] for other nodes.
 */
export function pinyinKeys(id: string): string[] {
  return (pinyinIndex[id] ?? '').split(' ').filter(Boolean).flatMap((p) => (p.includes('v') ? [p, p.replace(/v/g, 'u')] : [p]));
}

/** Kind of a node's children, given the node and its kind. */
function childKind(node: DirectoryNode, kind: NodeKind, child: DirectoryNode): NodeKind {
  switch (kind) {
    case 'top':
      return node === INTERNATIONAL ? 'continent' : 'region';
    case 'continent':
      return 'country';
    case 'region':
      return 'province';
    case 'province':
      // a municipality (it carries the code) holds districts; a province holds cities and groups
      return node.code !== undefined ? 'district' : child.name === null ? 'group' : 'city';
    default:
      return 'district';
  }
}

const entries = new Map<string, Entry>();
{
  let order = 0;
  const visit = (node: DirectoryNode, parent: DirectoryNode | null, kind: NodeKind) => {
    const entry: Entry = { node, parent, kind, order: order++ };
    if ((kind === 'province' || kind === 'city' || kind === 'district') && node.name)
      entry.keys = { zh: node.name, latin: [normalizeLatin(node.nameEn ?? ''), ...pinyinKeys(node.id)] };
    entries.set(node.id, entry);
    for (const child of node.lists ?? []) visit(child, node, childKind(node, kind, child));
  };
  visit(INTERNATIONAL, null, 'top');
  visit(MAINLAND, null, 'top');
}

/** Children stripped: what an API or a lazy-loading picker needs. */
export function shallow(node: DirectoryNode): ShallowNode {
  const out: ShallowNode = { id: node.id, name: node.name, nameEn: node.nameEn, hasChildren: (node.lists?.length ?? 0) > 0 };
  if (node.code !== undefined) out.code = node.code;
  if (node.param !== undefined) out.param = node.param;
  return out;
}

export function findNode(id: string): DirectoryNode | undefined {
  return entries.get(id)?.node;
}

export function kindOf(id: string): NodeKind | undefined {
  return entries.get(id)?.kind;
}

/** Children of a node; the two top groups when parentId is null or undefined; [] for an unknown id. */
export function findChildren(parentId?: string | null): readonly DirectoryNode[] {
  if (parentId === null || parentId === undefined) return directory;
  return entries.get(parentId)?.node.lists ?? [];
}

export function parentOf(id: string): DirectoryNode | undefined {
  return entries.get(id)?.parent ?? undefined;
}

/** Ancestors of a node, outermost (top group) first; [] for a top group or an unknown id. */
export function ancestorsOf(id: string): DirectoryNode[] {
  const out: DirectoryNode[] = [];
  for (let p = parentOf(id); p; p = parentOf(p.id)) out.unshift(p);
  return out;
}

export const internationalGroup = (): DirectoryNode => INTERNATIONAL;
export const mainlandGroup = (): DirectoryNode => MAINLAND;

const countryList: readonly Country[] = (INTERNATIONAL.lists ?? []).flatMap((continent) =>
  (continent.lists ?? []).map((c) => ({
    id: c.id,
    name: c.name!,
    nameEn: c.nameEn!,
    code: c.code!,
    param: c.param!,
    iso2: c.param!.replace(/^flag-/, '').toUpperCase(),
    continentId: continent.id,
    continent: continent.name!,
    continentEn: continent.nameEn!,
  })),
);

/** Every country (flat, grouped by continent in tree order) with its continent. */
export function countries(): readonly Country[] {
  return countryList;
}

export function findCountryByIso(iso2: string): Country | undefined {
  const want = iso2.toUpperCase();
  return countryList.find((c) => c.iso2 === want);
}

/** Countries whose Chinese or English name contains the query, or whose dialling code starts with it. */
export function searchCountries(query: string): Country[] {
  const q = query.trim().replace(/^\+/, '');
  if (!q) return [];
  const latin = normalizeLatin(q);
  return countryList.filter(
    (c) => c.name.includes(q) || (latin && normalizeLatin(c.nameEn).includes(latin)) || (/^\d+$/.test(q) && c.code.startsWith(q)),
  );
}

const provinceLevel = (): DirectoryNode[] => (MAINLAND.lists ?? []).flatMap((region) => [...(region.lists ?? [])]);
const NOT_MAINLAND = new Set(['香港特别行政区', '澳门特别行政区', '台湾省']);

/** The 31 province-level divisions of the mainland (provinces, autonomous regions, municipalities). */
export function mainlandProvinces(): DirectoryNode[] {
  return provinceLevel().filter((p) => !NOT_MAINLAND.has(p.name ?? ''));
}

/** All 34 province-level nodes, incl. Hong Kong, Macao and Taiwan. */
export function provinces(): DirectoryNode[] {
  return provinceLevel();
}

/**
 * City-level nodes that carry an area code: prefecture-level cities, the four municipalities,
 * Hong Kong and Macao (Taiwan has no code and is not included).
 */
export function cities(): DirectoryNode[] {
  return provinceLevel().flatMap((p) => {
    if (p.code !== undefined) return p.code === null ? [] : [p];
    return (p.lists ?? []).filter((c) => entries.get(c.id)?.kind === 'city');
  });
}

const KIND_RANK: Partial<Record<NodeKind, number>> = { province: 0, city: 1, group: 2, district: 3 };

/**
 * Chinese Mainland divisions (province, city, district) matching a query in Chinese, pinyin
 * (full or initials: "hangzhou", "hz") or English ("Harbin", "Xihu District"); case-insensitive,
 * ignoring spaces and apostrophes ("xian" finds 西安). Exact matches first, then prefix, then
 * substring; within that provinces before cities before districts.
 */
export function searchRegions(query: string, limit = 20): RegionMatch[] {
  const raw = query.trim();
  if (!raw) return [];
  const zhQuery = raw.toLowerCase();
  const latin = normalizeLatin(raw);
  const scored: { entry: Entry; score: number }[] = [];
  for (const entry of entries.values()) {
    const k = entry.keys;
    if (!k) continue;
    let score = Infinity;
    const zh = k.zh;
    if (zh === zhQuery) score = 0;
    else if (zh.startsWith(zhQuery)) score = 1;
    else if (zh.includes(zhQuery)) score = 2;
    if (latin) {
      for (const key of k.latin) {
        if (!key) continue;
        if (key === latin) score = Math.min(score, 0);
        else if (key.startsWith(latin)) score = Math.min(score, 1);
        else if (latin.length >= 2 && key.includes(latin)) score = Math.min(score, 2);
      }
    }
    if (score !== Infinity) scored.push({ entry, score });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      (KIND_RANK[a.entry.kind] ?? 9) - (KIND_RANK[b.entry.kind] ?? 9) ||
      a.entry.order - b.entry.order,
  );
  return scored.slice(0, Math.max(0, limit)).map(({ entry }) => ({
    node: shallow(entry.node),
    kind: entry.kind,
    path: ancestorsOf(entry.node.id).slice(1).map(shallow),
  }));
}
