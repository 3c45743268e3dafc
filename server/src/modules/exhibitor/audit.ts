import { eq } from 'drizzle-orm';
import { company, exhibitor } from '../../core/tables.ts';
import { registerAuditType } from '../../audit/audit.ts';

/**
 * The "exhibitor" type: a join's own data as the exhibitor submits it (booth, banner, categories).
 * The exhibitor module calls submitForAudit when an exhibitor changes it; the exhibition's
 * `enabledAutoAuditExhibitor` approves at once.
 */
registerAuditType({
  type: 'exhibitor',
  table: exhibitor,
  stateColumn: exhibitor.auditState,
  reasonColumn: exhibitor.auditReason,
  exhibitionIdColumn: exhibitor.exhibitionId,
  exhibitorIdColumn: exhibitor.id,
  autoAudit: 'enabledAutoAuditExhibitor',
  async title(row: typeof exhibitor.$inferSelect, tx) {
    const [c] = await tx.select({ name: company.name }).from(company).where(eq(company.id, row.companyId));
    return c?.name ?? null;
  },
});
