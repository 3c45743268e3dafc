import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A tree list's `parentId` filter: null asks for the roots, an id for that parent's children, absent for every level. */
export const underParent = (column: PgColumn, parentId: string | null | undefined): SQL | undefined =>
  parentId === null ? isNull(column) : parentId ? eq(column, parentId) : undefined;
