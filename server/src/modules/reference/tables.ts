import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { exhibition } from '../exhibition/tables.ts';

const live = sql`deleted_at is null`;

/**
 * The location directory as one tree (part 2 §3): top groups, continents and countries, macro-regions,
 * provinces, cities, null-name groups and districts. Seeded from server/data/directory/directory.json
 * with the directory's ids, editable by the administrator afterwards. `kind` says which level a row is
 * and which calls manage it (Region, Country, City).
 */
export const region = pgTable(
  'region',
  {
    id: idColumn(),
    parentId: uuid('parent_id').references((): AnyPgColumn => region.id),
    kind: text('kind').notNull(),
    name: text('name'),
    nameEn: text('name_en'),
    /** Dialling code of a country or the mainland group ("44", "86"), area code of a city or district ("0571"). */
    code: text('code'),
    /** Flag style class of a country ("flag-gb"). */
    param: text('param'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('region_parent_id_idx').on(t.parentId),
    check('region_kind_check', sql`${t.kind} in ('top', 'continent', 'country', 'region', 'province', 'city', 'group', 'district')`),
    // siblings have distinct names; top-level rows compare as siblings of one another
    uniqueIndex('region_parent_name_key')
      .on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
      .where(live),
    uniqueIndex('region_parent_name_en_key')
      .on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.nameEn})`)
      .where(live),
    // a country appears once, whatever its continent
    uniqueIndex('region_country_name_key').on(t.name).where(sql`kind = 'country' and deleted_at is null`),
    uniqueIndex('region_country_name_en_key').on(sql`lower(${t.nameEn})`).where(sql`kind = 'country' and deleted_at is null`),
    uniqueIndex('region_country_param_key').on(t.param).where(sql`kind = 'country' and deleted_at is null`),
  ],
);

/** Kinds of action, grouped by `typeId` (1 activity types, 2 visit purposes; see docs/api.md). */
export const actionType = pgTable(
  'action_type',
  {
    id: idColumn(),
    typeId: integer('type_id').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('action_type_type_name_key').on(t.typeId, t.name).where(live),
    uniqueIndex('action_type_type_name_en_key').on(t.typeId, sql`lower(${t.nameEn})`).where(live),
  ],
);

/** A flat, administrator-edited list of named entries whose Chinese and English names are unique among live rows. */
const namedList = (table: string) =>
  pgTable(
    table,
    {
      id: idColumn(),
      name: text('name').notNull(),
      nameEn: text('name_en'),
      showIndex: integer('show_index').notNull().default(0),
      ...timestamps,
      ...softDelete,
    },
    (t) => [
      uniqueIndex(`${table}_name_key`).on(t.name).where(live),
      uniqueIndex(`${table}_name_en_key`).on(sql`lower(${t.nameEn})`).where(live),
    ],
  );

/** A company's business type (manufacturer, distributor …). */
export const businessType = namedList('business_type');

/** Sales channels a product is offered through. */
export const productChannel = namedList('product_channel');

/** Product tags of one exhibition, two or more levels through `parent_id`. */
export const productTag = pgTable(
  'product_tag',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => productTag.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('product_tag_exhibition_id_idx').on(t.exhibitionId),
    index('product_tag_parent_id_idx').on(t.parentId),
    uniqueIndex('product_tag_exhibition_parent_name_key')
      .on(t.exhibitionId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
      .where(live),
  ],
);
