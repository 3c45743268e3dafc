import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { AuditState } from '@pavilion/contract';

/**
 * The audit columns an audited table spreads in (its own state, for its lists and its owner's
 * pages). New rows start as drafts; `submitForAudit` and `decide` move them on.
 */
export const auditColumns = {
  auditState: integer('audit_state').notNull().default(AuditState.Draft),
  auditReason: text('audit_reason'),
  submitAt: timestamp('submit_at', { withTimezone: true, mode: 'date' }),
  auditAt: timestamp('audit_at', { withTimezone: true, mode: 'date' }),
};

/** The contract's `auditedFields` of a row with `auditColumns`, as every audited item answers them. */
export const auditedOf = (r: { auditState: number; auditReason: string | null; submitAt: Date | null; auditAt: Date | null }) => ({
  auditState: r.auditState as AuditState,
  auditReason: r.auditReason,
  submitAt: r.submitAt?.toISOString() ?? null,
  auditAt: r.auditAt?.toISOString() ?? null,
});
