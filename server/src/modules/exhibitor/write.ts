import { ErrorCode } from '@pavilion/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../../auth/guard.ts';
import { fieldError, uniqueViolation } from '../../http/errors.ts';
import type { WriteContext } from './service.ts';

/** Unique constraints of part B's tables and the field a 409 names. */
const CONFLICT_FIELDS: Record<string, string> = {
  exhibitor_exhibition_company_key: 'companyId',
  exhibitor_journal_exhibitor_id_key: 'exhibitorId',
  exhibitor_lintel_exhibitor_id_key: 'exhibitorId',
  company_invoice_company_id_key: 'compId',
};

/**
 * Runs a change in one transaction with the caller's context; a unique clash that slipped past
 * the service's own check (two requests at once) is a 409 naming the field, never a 500.
 */
export async function inTransaction<T>(app: FastifyInstance, request: FastifyRequest, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const principal = userOf(request);
  try {
    return await app.deps.db.transaction((tx) => work({ tx, request, principal }));
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw fieldError(request, CONFLICT_FIELDS[constraint] ?? 'id', 'taken', {}, ErrorCode.Conflict);
    throw err;
  }
}
