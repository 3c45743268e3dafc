import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../db/columns.ts';

export const operationLog = pgTable(
  'operation_log',
  {
    id: idColumn(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    role: integer('role'),
    hostId: uuid('host_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('operation_log_host_id_created_at_idx').on(t.hostId, t.createdAt), index('operation_log_target_idx').on(t.targetType, t.targetId)],
);
