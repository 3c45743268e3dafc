import { and, asc, eq, isNull } from 'drizzle-orm';
import { ErrorCode, type ProductCatalogCopyBody, type ProductCatalogCopyResult } from '@pavilion/contract';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { productTag } from '../reference/tables.ts';
import { productCategory } from './tables.ts';

type Node = { id: string; parentId: string | null; name: string; nameEn: string | null; showIndex: number };
type Tree = typeof productCategory | typeof productTag;

const liveOf = (tx: Executor, table: Tree, exhibitionId: string): Promise<Node[]> =>
  tx
    .select({ id: table.id, parentId: table.parentId, name: table.name, nameEn: table.nameEn, showIndex: table.showIndex })
    .from(table)
    .where(and(eq(table.exhibitionId, exhibitionId), isNull(table.deletedAt)))
    .orderBy(asc(table.showIndex), asc(table.name));

/**
 * Copies one two-level tree into another exhibition: a root whose name the target already has at
 * the top is skipped (its children go under the existing one), and so is a child whose name the
 * target parent already has. A child whose source parent is gone is left behind (it has no place).
 */
async function copyTree(tx: Executor, table: Tree, fromId: string, toId: string, dryRun: boolean) {
  const source = await liveOf(tx, table, fromId);
  const target = await liveOf(tx, table, toId);
  const taken = new Set(target.map((n) => `${n.parentId ?? ''}/${n.name}`));
  const out = { copied: 0, skipped: 0 };
  const placed = new Map<string, string | null>();
  const put = async (n: Node, parentId: string | null, level: number) => {
    if (taken.has(`${parentId ?? ''}/${n.name}`)) {
      out.skipped++;
      return target.find((t) => t.parentId === parentId && t.name === n.name)!.id;
    }
    out.copied++;
    if (dryRun) return null;
    const values = { exhibitionId: toId, parentId, name: n.name, nameEn: n.nameEn, showIndex: n.showIndex, ...(table === productCategory ? { level } : {}) };
    const [row] = await tx.insert(table).values(values).returning({ id: table.id });
    return row!.id;
  };
  for (const root of source.filter((n) => !n.parentId)) placed.set(root.id, await put(root, null, 1));
  for (const child of source.filter((n) => n.parentId && placed.has(n.parentId))) {
    // On a dry run a new root has no id yet: its children are all new.
    const parentId = placed.get(child.parentId!)!;
    if (parentId === null) out.copied++;
    else await put(child, parentId, 2);
  }
  return out;
}

/** Copies a past exhibition's product categories and tags into another exhibition of the same host, in one transaction. */
export async function copyCatalog(ctx: WriteContext, body: ProductCatalogCopyBody): Promise<ProductCatalogCopyResult> {
  const { tx, principal, actor } = ctx;
  if (body.fromExhibitionId === body.toExhibitionId) throw fieldError('toExhibitionId', 'invalid');
  const from = await reachableExhibition(tx, principal, body.fromExhibitionId);
  const to = await reachableExhibition(tx, principal, body.toExhibitionId);
  if (from.hostId !== to.hostId) throw new AppError(ErrorCode.CopyAcrossHosts);
  const result = {
    dryRun: body.dryRun,
    categories: await copyTree(tx, productCategory, from.id, to.id, body.dryRun),
    tags: await copyTree(tx, productTag, from.id, to.id, body.dryRun),
  };
  if (!body.dryRun) {
    await writeOpLog(tx, actor, { action: 'productCategory.copy', targetType: 'exhibition', targetId: to.id, hostId: to.hostId, after: { fromExhibitionId: from.id, ...result } });
  }
  return result;
}
