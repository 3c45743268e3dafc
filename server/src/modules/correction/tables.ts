import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** An exhibitor's request to correct data the host holds about it (信息更正). */
export const exhibitorCorrection = pgTable(
  'exhibitor_correction',
  {
    id: idColumn(),
    ...joinColumns(),
    /** Field → corrected value (company and join fields, see the contract's `correctionChanges`). */
    changes: jsonb('changes').$type<Record<string, string | null>>().notNull(),
    /** The same fields' values when the request was made. */
    before: jsonb('before').$type<Record<string, string | null>>().notNull(),
    remark: text('remark'),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibitor_correction_exhibition_state_idx').on(t.exhibitionId, t.auditState, t.createdAt), index('exhibitor_correction_exhibitor_id_idx').on(t.exhibitorId)],
);
