import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErrorCode } from '@pavilion/contract';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import type { Executor } from './client.ts';

/** A tree list's `parentId` filter: null asks for the roots, an id for that parent's children, absent for every level. */
export const underParent = (column: PgColumn, parentId: string | null | undefined): SQL | undefined =>
  parentId === null ? isNull(column) : parentId ? eq(column, parentId) : undefined;

/** The columns of an exhibition's category tree (product categories, activity categories). */
export type CategoryTree = { table: PgTable; name: string; maxLevel: number; id: PgColumn; exhibitionId: PgColumn; parentId: PgColumn; level: PgColumn; deletedAt: PgColumn };
type CategoryRow = { id: string; exhibitionId: string; parentId: string | null; name: string; nameEn: string | null; level: number; showIndex: number; createdAt: Date; updatedAt: Date };

/** A category as every category list answers it. */
export const categoryItem = (r: CategoryRow) => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  parentId: r.parentId,
  name: r.name,
  nameEn: r.nameEn,
  level: r.level,
  showIndex: r.showIndex,
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** The level of a new category under `parentId` (1 for a root): the parent is of the same exhibition and above the last level. */
export async function levelUnder(tx: Executor, tree: CategoryTree, exhibitionId: string, parentId: string | null | undefined): Promise<number> {
  if (!parentId) return 1;
  const [parent] = await tx
    .select({ level: tree.level })
    .from(tree.table)
    .where(and(eq(tree.id, parentId), eq(tree.exhibitionId, exhibitionId), isNull(tree.deletedAt)));
  if (!parent) throw notFound(tree.name);
  if ((parent.level as number) >= tree.maxLevel) throw fieldError('parentId', 'invalid');
  return (parent.level as number) + 1;
}

/** Refuses deleting a category while it has children (4020). */
export async function refuseWithChildren(tx: Executor, tree: CategoryTree, id: string): Promise<void> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(tree.table)
    .where(and(eq(tree.parentId, id), isNull(tree.deletedAt)));
  if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: tree.name });
}
