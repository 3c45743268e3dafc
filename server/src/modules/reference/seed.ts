import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directory, kindOf, type DirectoryNode } from './directory/directory.ts';
import { actionType, businessType, productChannel, region } from './tables.ts';

/** Seeded rows keep fixed ids, so every installation (and the web's tests) can name them. */
const seedId = (group: number, n: number) => `00000000-0000-4000-a${String(group).padStart(3, '0')}-${String(n).padStart(12, '0')}`;

const ACTION_TYPES: [typeId: number, name: string, nameEn: string][] = [
  [1, '论坛', 'Forum'],
  [1, '峰会', 'Summit'],
  [1, '新品发布会', 'Product launch'],
  [1, '研讨会', 'Seminar'],
  [1, '供需对接会', 'Matchmaking session'],
  [1, '颁奖典礼', 'Award ceremony'],
  [1, '其他', 'Other'],
  [2, '采购产品', 'Sourcing products'],
  [2, '寻找合作伙伴', 'Finding partners'],
  [2, '了解行业动态', 'Following the industry'],
  [2, '参加会议活动', 'Attending events'],
  [2, '其他', 'Other'],
];

const BUSINESS_TYPES: [name: string, nameEn: string][] = [
  ['生产商', 'Manufacturer'],
  ['经销商', 'Distributor'],
  ['代理商', 'Agent'],
  ['贸易商', 'Trading company'],
  ['品牌商', 'Brand owner'],
  ['服务商', 'Service provider'],
  ['采购商', 'Buyer'],
  ['其他', 'Other'],
];

const PRODUCT_CHANNELS: [name: string, nameEn: string][] = [
  ['线上电商', 'E-commerce'],
  ['线下零售', 'Offline retail'],
  ['批发', 'Wholesale'],
  ['经销代理', 'Distributors and agents'],
  ['跨境出口', 'Cross-border export'],
  ['直播电商', 'Live-stream commerce'],
  ['OEM/ODM 代工', 'OEM / ODM'],
  ['其他', 'Other'],
];

const isEmpty = async (db: Db, table: typeof region | typeof actionType | typeof businessType | typeof productChannel) =>
  (await db.select({ one: sql`1` }).from(table).limit(1)).length === 0;

/** The directory as rows: ids kept, `show_index` = position among the siblings. */
function directoryRows(): (typeof region.$inferInsert)[] {
  const rows: (typeof region.$inferInsert)[] = [];
  const visit = (node: DirectoryNode, parentId: string | null, showIndex: number) => {
    rows.push({
      id: node.id,
      parentId,
      kind: kindOf(node.id)!,
      name: node.name,
      nameEn: node.nameEn,
      code: node.code ?? null,
      param: node.param ?? null,
      showIndex,
    });
    (node.lists ?? []).forEach((child, i) => visit(child, node.id, i));
  };
  directory.forEach((top, i) => visit(top, null, i));
  return rows;
}

/**
 * Fills each reference table that is empty: the directory tree from server/data/directory, and the
 * small lists below. Runs at every start; a table with any row (even deleted ones) is left alone, so
 * the administrator's edits stay. Safe when two instances start together (conflicts are skipped).
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  if (await isEmpty(db, region)) {
    const rows = directoryRows();
    await db.transaction(async (tx) => {
      // parents come before their children in a depth-first walk, so each batch's parents exist
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(region).values(rows.slice(i, i + 1000)).onConflictDoNothing();
    });
  }
  if (await isEmpty(db, actionType))
    await db
      .insert(actionType)
      .values(ACTION_TYPES.map(([typeId, name, nameEn], i) => ({ id: seedId(100, i + 1), typeId, name, nameEn, showIndex: i })))
      .onConflictDoNothing();
  if (await isEmpty(db, businessType))
    await db
      .insert(businessType)
      .values(BUSINESS_TYPES.map(([name, nameEn], i) => ({ id: seedId(200, i + 1), name, nameEn, showIndex: i })))
      .onConflictDoNothing();
  if (await isEmpty(db, productChannel))
    await db
      .insert(productChannel)
      .values(PRODUCT_CHANNELS.map(([name, nameEn], i) => ({ id: seedId(300, i + 1), name, nameEn, showIndex: i })))
      .onConflictDoNothing();
}
