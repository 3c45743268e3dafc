import { and, desc, eq, lt } from 'drizzle-orm';
import { AuditState, auditFields, type AuditDetail, type AuditDetailField, type AuditFieldSpec, type AuditType } from '@pavilion/contract';
import { auditRecordScope } from '../auth/scope.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { Executor } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { toAuditItem } from './audit.ts';
import { auditRecord } from './tables.ts';

const at = (source: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), source);

/** Empty text, null and absent are the same "nothing" to a reader. */
const normal = (v: unknown): unknown => (v === undefined || v === '' ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));

/**
 * The fields of a submission against the last approved one, as the contract's `auditFields`
 * describe the type. A field with its own `previousPath` compares within the submission (a
 * correction's "before"). A field absent from both sides is left out.
 */
export function diffFields(specs: readonly AuditFieldSpec[], snapshot: unknown, baseline: unknown): AuditDetailField[] {
  const out: AuditDetailField[] = [];
  for (const spec of specs) {
    const path = spec.path ?? spec.key;
    const value = at(snapshot, path);
    const own = spec.previousPath !== undefined;
    const compared = own ? snapshot : baseline;
    const previous = compared === null || compared === undefined ? undefined : at(compared, spec.previousPath ?? path);
    if (value === undefined && previous === undefined) continue;
    out.push({
      key: spec.key,
      kind: spec.kind,
      ...(spec.items ? { items: [...spec.items] } : {}),
      value: normal(value),
      previous: normal(previous),
      changed: compared !== null && compared !== undefined && !same(value, previous),
    });
  }
  return out;
}

/**
 * What was submitted of one target and what changed since its last approved submission. Only a
 * target the principal may audit and that was ever submitted is found (404 otherwise).
 */
export async function auditDetailOf(db: Executor, p: UserPrincipal, type: AuditType, targetId: string): Promise<AuditDetail> {
  const [latest] = await db
    .select()
    .from(auditRecord)
    .where(and(auditRecordScope(p), eq(auditRecord.type, type), eq(auditRecord.targetId, targetId)))
    .orderBy(desc(auditRecord.createdAt))
    .limit(1);
  if (!latest || latest.state === AuditState.Draft) throw notFound('audit');
  const [approved] = await db
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.type, type), eq(auditRecord.targetId, targetId), eq(auditRecord.state, AuditState.Approved), lt(auditRecord.createdAt, latest.createdAt)))
    .orderBy(desc(auditRecord.createdAt))
    .limit(1);
  const { snapshot: _snapshot, ...record } = toAuditItem(latest);
  return {
    record,
    baseline: approved ? { recordId: approved.id, decidedAt: approved.decidedAt?.toISOString() ?? null } : null,
    fields: diffFields(auditFields[type], latest.snapshot, approved?.snapshot ?? null),
  };
}
