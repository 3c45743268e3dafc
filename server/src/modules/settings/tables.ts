import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { exhibition } from '../exhibition/tables.ts';
import { host } from '../host/tables.ts';

/**
 * Every settings row (the spec's `settings/by?type&scope&name`): the exhibition configuration,
 * advisory, ranking rule and form controls of an exhibition, an exhibitor's own settings, and
 * free rows. `value` holds only what was set; readers fill in the contract's defaults. The tenant
 * columns are resolved from `scope` when the row is created and decide who may see it.
 */
export const setting = pgTable(
  'setting',
  {
    id: idColumn(),
    type: integer('type').notNull(),
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    value: jsonb('value').notNull().default({}),
    hostId: uuid('host_id').references(() => host.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id').references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('setting_type_scope_name_key').on(t.type, t.scope, t.name), index('setting_exhibition_id_idx').on(t.exhibitionId), index('setting_exhibitor_id_idx').on(t.exhibitorId)],
);
