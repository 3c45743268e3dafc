import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';

export const industry = pgTable(
  'industry',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    parentId: uuid('parent_id').references((): AnyPgColumn => industry.id),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [uniqueIndex('industry_name_key').on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name).where(sql`${t.deletedAt} is null`)],
);
