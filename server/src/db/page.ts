import { toPage, type Page, type PageRequest } from '@pavilion/contract';

/** A list's rows query, ordered, not yet limited (drizzle runs it only when awaited). */
type Rows<R> = { limit(n: number): { offset(n: number): PromiseLike<R[]> } };

/**
 * One page of a list: the count, then the requested page of rows (not asked for when there are
 * none), each made an item. Both queries take the same `where`, so the total and the rows agree.
 */
export async function pageOf<R, T>(countQuery: PromiseLike<{ total: number }[]>, rowsQuery: Rows<R>, q: PageRequest, toItem: (row: R) => T): Promise<Page<T>> {
  const [{ total } = { total: 0 }] = await countQuery;
  const rows = total ? await rowsQuery.limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize) : [];
  return toPage(rows.map(toItem), total, q);
}
