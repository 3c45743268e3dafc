import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

/** Platform-wide settings, one row per key (`system`, `sensitives`). */
export const systemSetting = pgTable('system_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});
