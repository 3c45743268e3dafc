import { and, asc, desc, inArray, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ExhibitorRankingRule, PageRequest, ProductRankingField, RankingField } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { cachedRead } from '../../infra/read-cache.ts';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { product } from '../product/tables.ts';

type Rules = ExhibitorRankingRule['rules'];
type ProductRules = ExhibitorRankingRule['productRules'];
type Rule = { field: string; direction: 'asc' | 'desc' };

const hasTopic = sql`(coalesce(${exhibitor.topic}, '') <> '')`;
const hasBrandTopic = sql`(coalesce(${exhibitor.pTopic}, '') <> '')`;

/** What each exhibitor rule sorts by (docs/ranking.md); all on the exhibitor row but the company name. */
const exhibitorKeys: Record<RankingField, AnyColumn | SQL> = {
  showIndex: exhibitor.showIndex,
  topic: hasTopic,
  brandTopic: hasBrandTopic,
  popularity: sql`(${exhibitor.viewCount} + ${exhibitor.likeCount} + ${exhibitor.followCount} + ${exhibitor.shareCount})`,
  likeCount: exhibitor.likeCount,
  productCount: exhibitor.proCount,
  newest: exhibitor.createdAt,
  name: sql`(select ${company.name} from ${company} where ${company.id} = ${exhibitor.companyId})`,
  views: exhibitor.viewCount,
  enquiries: exhibitor.thinkCount,
  weight: exhibitor.rankWeight,
};

const productKeys: Record<ProductRankingField, AnyColumn | SQL> = {
  weight: product.rankWeight,
  views: product.viewCount,
  enquiries: product.enquiryCount,
  showIndex: product.showIndex,
  newest: product.createdAt,
  name: product.name,
};

const orderOf = <F extends string>(keys: Record<F, AnyColumn | SQL>, rules: readonly { field: F; direction: 'asc' | 'desc' }[], id: AnyColumn): SQL[] => [
  ...rules.map((r) => (r.direction === 'asc' ? asc(keys[r.field]) : desc(keys[r.field]))),
  asc(id),
];

/** The ORDER BY of an exhibitor list under `rules`, ties ending on id so pages never overlap. */
export const exhibitorOrder = (rules: Rules): SQL[] => orderOf(exhibitorKeys, rules, exhibitor.id);
/** The ORDER BY of a product list under `rules`. `showIndex asc, newest desc` is product_exhibition_list_idx's order. */
export const productOrder = (rules: ProductRules): SQL[] => orderOf(productKeys, rules, product.id);

/** The lists' index order (exhibitor_exhibition_list_idx, product_exhibition_list_idx) as rules. */
const indexRules = 'showIndex:asc,newest:desc';
export const servedByIndex = (rules: readonly Rule[]) => rules.map((r) => `${r.field}:${r.direction}`).join(',') === indexRules;

const featuredKeys = { topic: hasTopic, brandTopic: hasBrandTopic } as const;
/** The rules' leading `topic desc` / `brandTopic desc`: the few exhibitors in a topic first. */
function leadingFeatured(rules: Rules): (keyof typeof featuredKeys)[] {
  const lead: (keyof typeof featuredKeys)[] = [];
  for (const r of rules) {
    if (r.direction !== 'desc' || (r.field !== 'topic' && r.field !== 'brandTopic')) break;
    lead.push(r.field);
  }
  return lead;
}

/**
 * The exhibition's exhibitors in a topic (or brand topic). Reading them means visiting every exhibitor row of the
 * exhibition (no index has the topic), so the ids are kept a minute (infra/read-cache.ts): a topic set or cleared
 * shows on the public lists within that minute.
 */
const featuredIds = (db: Executor, exhibitionId: string, keys: (keyof typeof featuredKeys)[]) =>
  cachedRead(db, 'rankingFeatured', `${exhibitionId}:${keys.join(',')}`, async () => {
    const rows = await db
      .select({ id: exhibitor.id })
      .from(exhibitor)
      .where(and(sql`${exhibitor.exhibitionId} = ${exhibitionId}`, sql`${exhibitor.deletedAt} is null`, or(...keys.map((k) => featuredKeys[k]))));
    return rows.map((r) => r.id);
  });

/**
 * The ids of one page of an exhibitor list (`where` on the exhibitor row) in the ranked order: the public
 * directory and the `hot` screen's preview both read through this (docs/ranking.md "Cost").
 *  - `showIndex asc, newest desc` (after any leading topic keys) is exhibitor_exhibition_list_idx's order: a page reads
 *    its entries in index order.
 *  - Leading `topic desc` / `brandTopic desc` (the defaults): the few exhibitors in a topic are sorted apart, the rest
 *    still read in index order after them.
 *  - Any other order sorts the list's rows (a top-N sort over the exhibition).
 */
export async function rankedExhibitorIds(db: Executor, exhibitionId: string, where: SQL, rules: Rules, page: PageRequest): Promise<string[]> {
  const ids = async (w: SQL, order: SQL[], limit: number, offset: number) =>
    (await db.select({ id: exhibitor.id }).from(exhibitor).where(w).orderBy(...order).limit(limit).offset(offset)).map((r) => r.id);
  const offset = (page.pageIndex - 1) * page.pageSize;
  const lead = leadingFeatured(rules);
  const rest = rules.slice(lead.length);
  if (!lead.length || !servedByIndex(rest)) return ids(where, exhibitorOrder(rules), page.pageSize, offset);
  const featured = await featuredIds(db, exhibitionId, lead);
  if (!featured.length) return ids(where, exhibitorOrder(rest), page.pageSize, offset);
  // One array parameter (a literal both drivers pass as text), not one per id.
  const inFeatured = sql`${exhibitor.id} = any(${`{${featured.join(',')}}`}::uuid[])`;
  const top = await ids(and(where, inFeatured)!, exhibitorOrder(rules), offset + page.pageSize, 0);
  const fromTop = top.slice(offset, offset + page.pageSize);
  const more = page.pageSize - fromTop.length;
  if (!more) return fromTop;
  return [...fromTop, ...(await ids(and(where, not(inFeatured))!, exhibitorOrder(rest), more, Math.max(0, offset - top.length)))];
}

/** Rows in the order of `ids` (a page read by id, then put back in its ranked order). */
export function inOrderOf<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const at = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => at.get(idOf(a))! - at.get(idOf(b))!);
}

export const byIds = (ids: readonly string[]) => inArray(exhibitor.id, [...ids]);
