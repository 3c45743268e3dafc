import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../audit/columns.ts';
import { idColumn, timestamps } from '../../db/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/**
 * Exhibitor-service submissions (展务资料: company data, catalogue entry, invoice, contacts, lintel,
 * vehicle passes) that the host downloads and verifies: the request api's *Down groups. One
 * current submission per kind and join; submitting again replaces it and it is verified again.
 */
export const serviceSubmission = pgTable(
  'service_submission',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    ...joinColumns(),
    payload: jsonb('payload').notNull(),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('service_submission_kind_exhibitor_key').on(t.kind, t.exhibitorId), index('service_submission_exhibition_idx').on(t.exhibitionId, t.kind)],
);
