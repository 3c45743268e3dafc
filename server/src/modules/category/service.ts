import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Category, CategoryNode } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { category } from './tables.ts';

type Row = typeof category.$inferSelect;

export const toCategory = (r: Row): Category => ({
  id: r.id,
  hostId: r.hostId,
  name: r.name,
  nameEn: r.nameEn,
  shortName: r.shortName,
  shortNameEn: r.shortNameEn,
  icon: r.icon,
  level: r.level,
  parentId: r.parentId,
  showIndex: r.showIndex,
  isDeleted: r.deletedAt !== null,
  banners: Array.isArray(r.banners) ? (r.banners as Category['banners']) : [],
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/**
 * Refuses (404 "category") unless every id is a live category of the host. The exhibitor module
 * calls it before tagging an exhibitor; the count limit is the exhibition's `exhibitorCategoryNumber`.
 */
export async function assertCategoriesOfHost(tx: Executor, hostId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await tx
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.hostId, hostId), inArray(category.id, unique), isNull(category.deletedAt)));
  if (rows.length !== unique.length) throw notFound('category');
}

/** The host's tree down to `level`, children under `childrens`, each level by showIndex. */
export async function categoryTree(db: Executor, hostId: string, level: number): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(category)
    .where(and(eq(category.hostId, hostId), lte(category.level, level), isNull(category.deletedAt)))
    .orderBy(asc(category.level), asc(category.showIndex), asc(category.createdAt));
  const nodes = new Map<string, CategoryNode>(rows.map((r) => [r.id, { ...toCategory(r), childrens: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.childrens.push(node);
    else if (node.level === 1) roots.push(node);
  }
  return roots;
}
