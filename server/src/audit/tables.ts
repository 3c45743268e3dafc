import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../db/columns.ts';
import { exhibition, host } from '../core/tables.ts';


/**
 * The queue and the history of every audited type: one row per submission, decided at most once.
 * At most one pending row per target (a resubmission while pending refreshes it).
 */
export const auditRecord = pgTable(
  'audit_record',
  {
    id: idColumn(),
    type: text('type').notNull(),
    targetId: uuid('target_id').notNull(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id, { onDelete: 'cascade' }),
    /** Whose content it is, so an exhibitor can follow its own submissions. */
    exhibitorId: uuid('exhibitor_id'),
    state: integer('state').notNull(),
    reason: text('reason'),
    title: text('title'),
    snapshot: jsonb('snapshot'),
    submittedBy: uuid('submitted_by'),
    submittedByName: text('submitted_by_name'),
    decidedBy: uuid('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    auto: boolean('auto').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('audit_record_host_state_idx').on(t.hostId, t.state, t.createdAt),
    index('audit_record_exhibition_state_idx').on(t.exhibitionId, t.type, t.state),
    index('audit_record_target_idx').on(t.type, t.targetId, t.createdAt),
    index('audit_record_exhibitor_idx').on(t.exhibitorId, t.createdAt),
    uniqueIndex('audit_record_one_pending_key').on(t.type, t.targetId).where(sql`${t.state} = 0`),
  ],
);
