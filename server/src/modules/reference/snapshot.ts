import { gzipSync } from 'node:zlib';
import { etagOf } from '../../http/cache.ts';
import type { Country, RegionKind, RegionMatch, RegionNode, RegionTreeNode } from '@pavilion/contract';
import { ok } from '../../http/reply.ts';
import { findNode, normalizeLatin, pinyinKeys } from './directory/directory.ts';
import type { region } from './tables.ts';

export type RegionRow = typeof region.$inferSelect;
export type SerialisedAnswer = { text: string; etag: string; gzip: () => Buffer };

/** The kinds the region search finds, in the order it ranks them. */
const KIND_RANK: Partial<Record<string, number>> = { province: 0, city: 1, district: 2 };

/**
 * The live rows of the `region` table, indexed once per cache generation, with the answers of the
 * read calls derived from it (and memoised: the trees are serialised once, not per request).
 */
export class RegionSnapshot {
  private readonly byId = new Map<string, RegionRow>();
  private readonly children = new Map<string | null, RegionRow[]>();
  /** Depth-first position: the order of the tree, used for flat lists and search ties. */
  private readonly order = new Map<string, number>();
  private readonly memo = new Map<string, unknown>();

  constructor(rows: readonly RegionRow[]) {
    for (const r of rows) this.byId.set(r.id, r);
    for (const r of rows) {
      // a row under a missing parent cannot be reached; deletes refuse parents with children
      if (r.parentId !== null && !this.byId.has(r.parentId)) continue;
      const list = this.children.get(r.parentId) ?? [];
      list.push(r);
      this.children.set(r.parentId, list);
    }
    for (const list of this.children.values())
      list.sort((a, b) => a.showIndex - b.showIndex || (a.nameEn ?? '').localeCompare(b.nameEn ?? '') || a.id.localeCompare(b.id));
    let n = 0;
    const visit = (r: RegionRow) => {
      this.order.set(r.id, n++);
      for (const c of this.childrenOf(r.id)) visit(c);
    };
    for (const r of this.childrenOf(null)) visit(r);
  }

  private cached<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  get(id: string): RegionRow | undefined {
    return this.order.has(id) ? this.byId.get(id) : undefined;
  }

  childrenOf(parentId: string | null): readonly RegionRow[] {
    return this.children.get(parentId) ?? [];
  }

  private ofKind(kind: RegionKind): RegionRow[] {
    return [...this.order.keys()].map((id) => this.byId.get(id)!).filter((r) => r.kind === kind);
  }

  node(r: RegionRow): RegionNode {
    return {
      id: r.id,
      parentId: r.parentId,
      kind: r.kind as RegionKind,
      name: r.name,
      nameEn: r.nameEn,
      code: r.code,
      param: r.param,
      showIndex: r.showIndex,
      hasChildren: this.childrenOf(r.id).length > 0,
    };
  }

  tree(r: RegionRow): RegionTreeNode {
    return {
      id: r.id,
      kind: r.kind as RegionKind,
      name: r.name,
      nameEn: r.nameEn,
      code: r.code,
      param: r.param,
      showIndex: r.showIndex,
      lists: this.childrenOf(r.id).map((c) => this.tree(c)),
    };
  }

  /** The province-level divisions in tree order (macro-region by macro-region). */
  provinces(): RegionRow[] {
    return this.cached('provinces', () => this.ofKind('province'));
  }

  /** An answer `{success, code, data}` serialised and tagged once, and gzipped once when a caller accepts it. */
  private answer(key: string, data: () => unknown): SerialisedAnswer {
    return this.cached(`answer:${key}`, () => {
      const text = JSON.stringify(ok(data()));
      let gzip: Buffer | undefined;
      return { text, etag: etagOf(text), gzip: () => (gzip ??= gzipSync(text)) };
    });
  }

  /** The whole tree. */
  wholeTree(): SerialisedAnswer {
    return this.answer('wholeTree', () => this.childrenOf(null).map((r) => this.tree(r)));
  }

  /** The province / city / district cascade. */
  cityTree(): SerialisedAnswer {
    return this.answer('cityTree', () => this.provinces().map((r) => this.tree(r)));
  }

  countries(): Country[] {
    return this.cached('countries', () =>
      this.ofKind('country').map((c) => {
        const continent = this.byId.get(c.parentId!)!;
        return {
          id: c.id,
          name: c.name ?? '',
          nameEn: c.nameEn ?? '',
          code: c.code ?? '',
          param: c.param ?? '',
          iso2: /^flag-([a-z]{2,3})$/.exec(c.param ?? '')?.[1]?.toUpperCase() ?? null,
          continentId: continent.id,
          continent: continent.name,
          continentEn: continent.nameEn,
          showIndex: c.showIndex,
        };
      }),
    );
  }

  countriesAnswer(): SerialisedAnswer {
    return this.answer('countries', () => this.countries());
  }

  /** Ancestors below the top group, outermost first. */
  path(r: RegionRow): RegionNode[] {
    const out: RegionNode[] = [];
    for (let p = r.parentId ? this.get(r.parentId) : undefined; p && p.parentId !== null; p = p.parentId ? this.get(p.parentId) : undefined)
      out.unshift(this.node(p));
    return out;
  }

  private searchIndex() {
    return this.cached('search', () =>
      [...this.order.keys()]
        .map((id) => this.byId.get(id)!)
        .filter((r) => r.name && r.kind in KIND_RANK)
        .map((r) => ({
          row: r,
          zh: r.name!.toLowerCase(),
          // the pinyin index belongs to the directory's name; a renamed row is found by its new names only
          latin: [normalizeLatin(r.nameEn ?? ''), ...(findNode(r.id)?.name === r.name ? pinyinKeys(r.id) : [])].filter(Boolean),
        })),
    );
  }

  /**
   * Chinese Mainland divisions by Chinese, pinyin (full or initials), or English name; exact matches
   * first, then prefixes, then substrings; provinces before cities before districts.
   */
  search(keyword: string, limit: number): RegionMatch[] {
    const zh = keyword.trim().toLowerCase();
    const latin = normalizeLatin(keyword);
    if (!zh) return [];
    const hits: { row: RegionRow; score: number }[] = [];
    for (const e of this.searchIndex()) {
      let score = e.zh === zh ? 0 : e.zh.startsWith(zh) ? 1 : e.zh.includes(zh) ? 2 : Infinity;
      if (latin)
        for (const key of e.latin)
          score = Math.min(score, key === latin ? 0 : key.startsWith(latin) ? 1 : latin.length >= 2 && key.includes(latin) ? 2 : Infinity);
      if (score !== Infinity) hits.push({ row: e.row, score });
    }
    hits.sort(
      (a, b) =>
        a.score - b.score ||
        (KIND_RANK[a.row.kind] ?? 9) - (KIND_RANK[b.row.kind] ?? 9) ||
        this.order.get(a.row.id)! - this.order.get(b.row.id)!,
    );
    return hits.slice(0, limit).map(({ row }) => ({ ...this.node(row), path: this.path(row) }));
  }
}
