import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A list's order, column by column; the last column must be unique (the id), so the order is total. */
export type KeyOrder = { column: PgColumn; descending?: boolean }[];

export const orderOf = (order: KeyOrder) => order.map((o) => (o.descending ? desc(o.column) : asc(o.column)));

/**
 * A row's position in the order, as the database prints each column: a timestamp keeps its
 * microseconds (a JavaScript Date would drop them, and the next page would start at the wrong row).
 */
export const keyOf = (order: KeyOrder) => sql<string[]>`array[${sql.join(
  order.map((o) => sql`${o.column}::text`),
  sql`, `,
)}]`;

/**
 * The rows after `key`, as one condition per column from the last to the first: the same values up to
 * that column and past it on it. An order whose columns run in different directions cannot be one row
 * comparison; each of these is one range of an index in the list's order, read in turn.
 */
export function rangesAfter(order: KeyOrder, key: string[]): SQL[] {
  return order.map((_, i) => {
    const k = order.length - 1 - i;
    const same = order.slice(0, k).map((o, j) => sql`${o.column} = ${key[j]}`);
    const { column, descending } = order[k]!;
    return and(...same, descending ? sql`${column} < ${key[k]}` : sql`${column} > ${key[k]}`)!;
  });
}

/**
 * Every row of a list in pages of `pageSize`, each page starting where the last one ended (keyset
 * pagination: no offset to skip, so a page costs the same at the end of the list as at its start,
 * and a row written meanwhile neither repeats nor hides another). `read` answers at most `limit`
 * rows of the list within `range` (none for the first page), in `orderOf(order)`, each with its `keyOf(order)`.
 */
export async function* pagesByKey<R extends { key: string[] }>(
  order: KeyOrder,
  pageSize: number,
  read: (range: SQL | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: string[] | null = null;
  for (;;) {
    const page: R[] = [];
    for (const range of after ? rangesAfter(order, after) : [undefined]) {
      page.push(...(await read(range, pageSize - page.length)));
      if (page.length === pageSize) break;
    }
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.key;
  }
}
