import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { exhibition } from '../exhibition/tables.ts';

/** A feature key the platform can grant (the shipped catalogue plus the administrator's own). */
export const feature = pgTable(
  'feature',
  {
    id: idColumn(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    group: text('group').notNull(),
    description: text('description'),
    descriptionEn: text('description_en'),
    showIndex: integer('show_index').notNull().default(0),
    builtIn: boolean('built_in').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('feature_key_key').on(t.key)],
);

/** A product version (package): basic, professional, flagship… */
export const platformVersion = pgTable(
  'platform_version',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    descriptionEn: text('description_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('platform_version_name_key').on(t.name)],
);

export const versionFeature = pgTable(
  'version_feature',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => platformVersion.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => feature.id),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'version_feature_pkey', columns: [t.versionId, t.featureId] }), index('version_feature_feature_id_idx').on(t.featureId)],
);

/** The version an exhibition runs on (at most one). */
export const exhibitionVersion = pgTable(
  'exhibition_version',
  {
    exhibitionId: uuid('exhibition_id')
      .primaryKey()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => platformVersion.id),
    ...timestamps,
  },
  (t) => [index('exhibition_version_version_id_idx').on(t.versionId)],
);

/** Per exhibition, on top of its version: `enabled` true adds a feature, false removes it. */
export const exhibitionFeature = pgTable(
  'exhibition_feature',
  {
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => feature.id),
    enabled: boolean('enabled').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'exhibition_feature_pkey', columns: [t.exhibitionId, t.featureId] }), index('exhibition_feature_feature_id_idx').on(t.featureId)],
);
