/**
 * The audit (moderation) mechanism: ONE for every content type.
 *
 * States (contract `AuditState`): Draft -3 (saved, never in a host's queue) → Pending 0 (submitted)
 * → Approved 1 | Rejected 2 (with a reason). Only a pending item can be decided; a rejected or
 * approved item goes back to pending only by being submitted again.
 *
 * How a module uses it:
 *   1. Its table spreads `auditColumns` (./tables.ts) or has its own state/reason columns.
 *   2. It registers an adapter once, at import time:
 *        registerAuditType({ type: 'journal', table: exhibitorJournal, stateColumn: exhibitorJournal.auditState,
 *          reasonColumn: exhibitorJournal.auditReason, exhibitionIdColumn: exhibitorJournal.exhibitionId,
 *          exhibitorIdColumn: exhibitorJournal.exhibitorId, autoAudit: 'enabledAutoAuditExhibitor',
 *          title: (row) => row.compName, onDecided: async (tx, d) => { … } });
 *      (the type must be listed in the contract's `auditTypes`).
 *   3. When the owner submits: `await submitForAudit(tx, actorOf(request), { type, targetId, exhibitionId, exhibitorId })`
 *      in the same transaction as the save. The exhibition's `enabledAutoAudit<T>` switch (the adapter's
 *      `autoAudit`) approves at once; otherwise the item waits in the host's queue.
 *   4. The host decides through `/api/Audit/Audit` (queue record ids) or the module's own audit call:
 *      `await decide(tx, actorOf(request), { type, ids: targetIds, approve, reason })`. Each decision
 *      updates the target's columns, runs the adapter's `onDecided`, and writes an operation-log row
 *      (`audit.approve` / `audit.reject`, targetType = the audit type, with the reason).
 *   5. `markDraft` withdraws an item to draft; `auditHistory` lists a target's submissions.
 */
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  AuditState,
  auditTypes,
  ErrorCode,
  Role,
  toPage,
  type AuditCounts,
  type AuditItem,
  type AuditListQuery,
  type AuditSwitchType,
  type AuditType,
  type Page,
} from '@pavilion/contract';
import { auditRecordScope, exhibitionScope } from '../auth/scope.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { Executor } from '../db/client.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { writeOpLog, type Actor } from '../oplog/oplog.ts';
import { exhibition } from '../core/tables.ts';
import { auditRecord } from './tables.ts';
import { containing } from '../db/like.ts';
import { slot } from '../core/slot.ts';

type Row = Record<string, any>;

export type AuditDecision = { approve: boolean; reason: string | null; actor: Actor; record: typeof auditRecord.$inferSelect };

export type AuditAdapter<TRow extends Row = Row> = {
  type: AuditType;
  table: PgTable;
  stateColumn: PgColumn;
  reasonColumn?: PgColumn;
  /** When it was last submitted / decided, if the table keeps them. */
  submitAtColumn?: PgColumn;
  auditAtColumn?: PgColumn;
  /** The exhibition the target belongs to; lets ReSync rebuild missing queue entries. */
  exhibitionIdColumn?: PgColumn;
  exhibitorIdColumn?: PgColumn;
  /** Rows of the table that are this type's, when several types share a table (the *Down kinds). */
  where?: SQL;
  /** The exhibition switch that approves submissions at once; absent: always the host's decision. */
  autoAudit?: `enabledAutoAudit${AuditSwitchType}`;
  /** What the queue shows (a company name, a title). */
  title?(row: TRow, tx: Executor): string | null | Promise<string | null>;
  /** The content as submitted (default: the row without its audit columns). */
  snapshot?(row: TRow): unknown;
  /** Runs in the decision's transaction once the target's state is written. */
  onDecided?(tx: Executor, row: TRow, decision: AuditDecision): Promise<void>;
};

type Registered = AuditAdapter & { keys: { id: string; state: string; reason?: string; submitAt?: string; auditAt?: string }; idColumn: PgColumn; live?: SQL };

const registry = new Map<AuditType, Registered>();

type AutoAuditSwitch = NonNullable<AuditAdapter['autoAudit']>;
/** Where an exhibition's auto-audit switches are kept: registered at start-up by the settings module. */
type SwitchReader = (tx: Executor, exhibitionId: string) => Promise<Partial<Record<AutoAuditSwitch, boolean>>>;
const switches = slot<SwitchReader>('audit: the auto-audit switch reader');
export const registerAutoAuditSwitches = switches.fill;
async function autoApproves(tx: Executor, exhibitionId: string, key: AutoAuditSwitch | undefined): Promise<boolean> {
  if (!key) return false;
  return (await switches.get()(tx, exhibitionId))[key] === true;
}

function keyOf(table: PgTable, column: PgColumn | undefined, what: string): string | undefined {
  if (!column) return undefined;
  const entry = Object.entries(getTableColumns(table) as Record<string, PgColumn>).find(([, c]) => c === column);
  if (!entry) throw new Error(`audit: the ${what} column is not a column of the registered table`);
  return entry[0];
}

/** Registers (or replaces) the adapter of a content type. Call it once at module import. */
export function registerAuditType<TRow extends Row>(adapter: AuditAdapter<TRow>): void {
  if (!(auditTypes as readonly string[]).includes(adapter.type)) throw new Error(`audit: type ${adapter.type} is not listed in the contract's auditTypes`);
  const cols = getTableColumns(adapter.table) as Record<string, PgColumn>;
  if (!cols.id) throw new Error(`audit: ${adapter.type}'s table has no id column`);
  registry.set(adapter.type, {
    ...(adapter as unknown as AuditAdapter),
    idColumn: cols.id,
    live: and(cols.deletedAt ? isNull(cols.deletedAt) : undefined, adapter.where),
    keys: {
      id: 'id',
      state: keyOf(adapter.table, adapter.stateColumn, 'state')!,
      reason: keyOf(adapter.table, adapter.reasonColumn, 'reason'),
      submitAt: keyOf(adapter.table, adapter.submitAtColumn, 'submitAt'),
      auditAt: keyOf(adapter.table, adapter.auditAtColumn, 'auditAt'),
    },
  });
}

export const registeredAuditTypes = (): AuditType[] => [...registry.keys()];

function adapterOf(type: AuditType): Registered {
  const a = registry.get(type);
  if (!a) throw new Error(`audit: no adapter registered for ${type}`);
  return a;
}

const AUDIT_KEYS = new Set(['auditState', 'auditReason', 'submitAt', 'auditAt']);
const defaultSnapshot = (row: Row) => Object.fromEntries(Object.entries(row).filter(([k]) => !AUDIT_KEYS.has(k)));

async function loadTarget(tx: Executor, a: Registered, targetId: string): Promise<Row | null> {
  const [row] = await tx.select().from(a.table as any).where(and(eq(a.idColumn, targetId), a.live)).limit(1);
  return (row as Row | undefined) ?? null;
}

async function setTargetState(tx: Executor, a: Registered, targetIds: string[], state: AuditState, reason: string | null, at: 'submit' | 'decide') {
  const now = new Date();
  const values: Row = { [a.keys.state]: state };
  if (a.keys.reason) values[a.keys.reason] = reason;
  if (at === 'submit' && a.keys.submitAt) values[a.keys.submitAt] = now;
  if (a.keys.auditAt) values[a.keys.auditAt] = at === 'decide' || state === AuditState.Approved ? now : null;
  await tx.update(a.table as any).set(values).where(inArray(a.idColumn, targetIds));
}

const userOfActor = (actor: Actor) => (actor.principal?.kind === 'user' ? actor.principal : null);

export type SubmitInput = {
  type: AuditType;
  targetId: string;
  /** The exhibition whose host audits it (and whose switch may approve it at once). */
  exhibitionId: string;
  exhibitorId?: string | null;
  /** Overrides the adapter's title / snapshot. */
  title?: string | null;
  snapshot?: unknown;
};
export type SubmitResult = { recordId: string; state: AuditState; auto: boolean };

/**
 * Submits a target for audit, in the caller's transaction. Approved at once when the exhibition's
 * `enabledAutoAudit<T>` switch (the adapter's `autoAudit`) is on; otherwise pending in the host's queue.
 * A resubmission while pending refreshes the queue entry instead of adding a second one.
 */
export async function submitForAudit(tx: Executor, actor: Actor, input: SubmitInput): Promise<SubmitResult> {
  const a = adapterOf(input.type);
  const row = await loadTarget(tx, a, input.targetId);
  if (!row) throw notFound('audit');
  const [exh] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(and(eq(exhibition.id, input.exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw notFound('exhibition');
  const auto = await autoApproves(tx, input.exhibitionId, a.autoAudit);
  const state = auto ? AuditState.Approved : AuditState.Pending;
  const user = userOfActor(actor);
  const now = new Date();
  const values = {
    exhibitionId: input.exhibitionId,
    hostId: exh.hostId,
    exhibitorId: input.exhibitorId ?? (a.exhibitorIdColumn ? (row[keyOf(a.table, a.exhibitorIdColumn, 'exhibitorId')!] as string | null) : null),
    state,
    reason: null,
    title: input.title !== undefined ? input.title : ((await a.title?.(row, tx)) ?? null),
    snapshot: (input.snapshot !== undefined ? input.snapshot : (a.snapshot ?? defaultSnapshot)(row)) ?? null,
    submittedBy: user?.userId ?? null,
    submittedByName: user?.userName ?? null,
    decidedBy: null,
    decidedByName: null,
    decidedAt: auto ? now : null,
    auto,
    createdAt: now,
  };
  const [pending] = await tx
    .select({ id: auditRecord.id })
    .from(auditRecord)
    .where(and(eq(auditRecord.type, input.type), eq(auditRecord.targetId, input.targetId), eq(auditRecord.state, AuditState.Pending)));
  const [record] = pending
    ? await tx.update(auditRecord).set(values).where(eq(auditRecord.id, pending.id)).returning()
    : await tx.insert(auditRecord).values({ type: input.type, targetId: input.targetId, ...values }).returning();
  await setTargetState(tx, a, [input.targetId], state, null, 'submit');
  if (auto) {
    await writeOpLog(tx, actor, { action: 'audit.approve', targetType: input.type, targetId: input.targetId, hostId: exh.hostId, before: null, after: { state, auto: true, recordId: record!.id } });
    await a.onDecided?.(tx, { ...row, [a.keys.state]: state }, { approve: true, reason: null, actor, record: record! });
  }
  return { recordId: record!.id, state, auto };
}

export type DecideInput = { type: AuditType; ids: string[]; approve: boolean; reason?: string | null };

/**
 * Approves or rejects pending targets of one type (all or none), in the caller's transaction.
 * 404 when a target is not in the actor's scope or was never submitted; 4021 when it is not
 * pending; 4022 when a rejection has no reason. One operation-log row per decision.
 */
export async function decide(tx: Executor, actor: Actor, input: DecideInput): Promise<AuditItem[]> {
  const p = userOfActor(actor);
  if (!p) throw forbidden();
  if (p.role === Role.Exhibitor) throw forbidden();
  const a = adapterOf(input.type);
  const reason = input.reason?.trim() || null;
  if (!input.approve && !reason) throw new AppError(ErrorCode.ReasonRequired);
  const ids = [...new Set(input.ids)];
  if (!ids.length) return [];
  const records = await tx
    .selectDistinctOn([auditRecord.targetId])
    .from(auditRecord)
    .where(and(auditRecordScope(p), eq(auditRecord.type, input.type), inArray(auditRecord.targetId, ids)))
    .orderBy(auditRecord.targetId, desc(auditRecord.createdAt));
  if (records.length !== ids.length) throw notFound('audit');
  if (records.some((r) => r.state !== AuditState.Pending)) throw new AppError(ErrorCode.AuditNotPending);
  const rows = (await tx.select().from(a.table as any).where(and(inArray(a.idColumn, ids), a.live))) as Row[];
  if (rows.length !== ids.length) throw notFound('audit');

  const state = input.approve ? AuditState.Approved : AuditState.Rejected;
  const now = new Date();
  const decided = await tx
    .update(auditRecord)
    .set({ state, reason, decidedBy: p.userId, decidedByName: p.userName, decidedAt: now })
    .where(and(inArray(auditRecord.id, records.map((r) => r.id)), eq(auditRecord.state, AuditState.Pending)))
    .returning();
  // A concurrent decision got there first: all or none.
  if (decided.length !== records.length) throw new AppError(ErrorCode.AuditNotPending);
  await setTargetState(tx, a, ids, state, reason, 'decide');
  for (const record of decided) {
    await writeOpLog(tx, actor, {
      action: input.approve ? 'audit.approve' : 'audit.reject',
      targetType: input.type,
      targetId: record.targetId,
      hostId: record.hostId,
      before: { state: AuditState.Pending },
      after: { state, reason, recordId: record.id },
    });
    const row = rows.find((r) => r.id === record.targetId)!;
    await a.onDecided?.(tx, { ...row, [a.keys.state]: state, ...(a.keys.reason ? { [a.keys.reason]: reason } : {}) }, { approve: input.approve, reason, actor, record });
  }
  return decided.map(toAuditItem);
}

/** The queue call's form: decides by queue record ids, which may span types. */
export async function decideRecords(tx: Executor, actor: Actor, input: { ids: string[]; approve: boolean; reason?: string | null }): Promise<AuditItem[]> {
  const p = userOfActor(actor);
  if (!p || p.role === Role.Exhibitor) throw forbidden();
  const ids = [...new Set(input.ids)];
  const records = await tx.select().from(auditRecord).where(and(auditRecordScope(p), inArray(auditRecord.id, ids)));
  if (records.length !== ids.length) throw notFound('audit');
  if (records.some((r) => r.state !== AuditState.Pending)) throw new AppError(ErrorCode.AuditNotPending);
  const out: AuditItem[] = [];
  for (const type of new Set(records.map((r) => r.type as AuditType)))
    out.push(...(await decide(tx, actor, { type, ids: records.filter((r) => r.type === type).map((r) => r.targetId), approve: input.approve, reason: input.reason ?? null })));
  return out;
}

/** Withdraws a target to draft (the owner edits it again): it leaves the queue. */
export async function markDraft(tx: Executor, type: AuditType, targetId: string): Promise<void> {
  const a = adapterOf(type);
  await tx.delete(auditRecord).where(and(eq(auditRecord.type, type), eq(auditRecord.targetId, targetId), eq(auditRecord.state, AuditState.Pending)));
  await setTargetState(tx, a, [targetId], AuditState.Draft, null, 'decide');
}

/** A target's submissions and decisions, newest first (no tenancy check: the caller loaded the target). */
export async function auditHistory(db: Executor, type: AuditType, targetId: string): Promise<AuditItem[]> {
  const rows = await db.select().from(auditRecord).where(and(eq(auditRecord.type, type), eq(auditRecord.targetId, targetId))).orderBy(desc(auditRecord.createdAt));
  return rows.map(toAuditItem);
}

export const toAuditItem = (r: typeof auditRecord.$inferSelect): AuditItem => ({
  id: r.id,
  type: r.type as AuditType,
  targetId: r.targetId,
  exhibitionId: r.exhibitionId,
  hostId: r.hostId,
  exhibitorId: r.exhibitorId,
  state: r.state as AuditState,
  reason: r.reason,
  title: r.title,
  snapshot: r.snapshot ?? null,
  submittedBy: r.submittedBy,
  submittedByName: r.submittedByName,
  submitAt: r.createdAt.toISOString(),
  decidedBy: r.decidedBy,
  decidedByName: r.decidedByName,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  auto: r.auto,
});


/** The queue (or history) the principal may see: drafts never appear; pending first, then newest. */
export async function listAudits(db: Executor, p: UserPrincipal, q: AuditListQuery): Promise<Page<AuditItem>> {
  const where = and(
    auditRecordScope(p),
    ne(auditRecord.state, AuditState.Draft),
    q.type ? eq(auditRecord.type, q.type) : undefined,
    q.state !== undefined ? eq(auditRecord.state, q.state) : undefined,
    q.exhibitionId ? eq(auditRecord.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(auditRecord.exhibitorId, q.exhibitorId) : undefined,
    q.keyword ? ilike(auditRecord.title, containing(q.keyword)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditRecord).where(where);
  const rows = await db
    .select()
    .from(auditRecord)
    .where(where)
    .orderBy(sql`case when ${auditRecord.state} = 0 then 0 else 1 end`, desc(auditRecord.createdAt), desc(auditRecord.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toAuditItem), total, q);
}

/** Pending items per type (every type of the contract, 0 when none), for the menu badges. */
export async function pendingCounts(db: Executor, p: UserPrincipal, exhibitionId?: string): Promise<AuditCounts> {
  const rows = await db
    .select({ type: auditRecord.type, n: count() })
    .from(auditRecord)
    .where(and(auditRecordScope(p), eq(auditRecord.state, AuditState.Pending), exhibitionId ? eq(auditRecord.exhibitionId, exhibitionId) : undefined))
    .groupBy(auditRecord.type);
  const counts = Object.fromEntries(auditTypes.map((t) => [t, 0])) as Record<AuditType, number>;
  for (const r of rows) if (r.type in counts) counts[r.type as AuditType] = r.n;
  return { total: rows.reduce((s, r) => s + r.n, 0), counts };
}

/**
 * Re-syncs the queue with the targets, within the principal's exhibitions (or one of them):
 * a pending target without a queue entry gets one; a pending entry whose target was deleted is
 * dropped, one whose target was decided elsewhere takes the target's state. Answers the counts.
 */
export async function resync(tx: Executor, actor: Actor, p: UserPrincipal, exhibitionId?: string) {
  const exhibitions = await tx
    .select({ id: exhibition.id, hostId: exhibition.hostId })
    .from(exhibition)
    .where(and(exhibitionScope(p), exhibitionId ? eq(exhibition.id, exhibitionId) : undefined));
  if (exhibitionId && !exhibitions.length) throw notFound('exhibition');
  const hostOf = new Map(exhibitions.map((e) => [e.id, e.hostId]));
  const exhibitionIds = [...hostOf.keys()];
  let created = 0;
  let closed = 0;
  if (exhibitionIds.length) {
    for (const a of registry.values()) {
      const type = a.type;
      // Entries to close.
      const pending = await tx
        .select()
        .from(auditRecord)
        .where(and(eq(auditRecord.type, type), eq(auditRecord.state, AuditState.Pending), inArray(auditRecord.exhibitionId, exhibitionIds)));
      if (pending.length) {
        const targets = (await tx.select().from(a.table as any).where(and(inArray(a.idColumn, pending.map((r) => r.targetId)), a.live))) as Row[];
        const byId = new Map(targets.map((t) => [t.id as string, t]));
        for (const r of pending) {
          const t = byId.get(r.targetId);
          if (!t) {
            await tx.delete(auditRecord).where(eq(auditRecord.id, r.id));
            closed++;
          } else if (t[a.keys.state] !== AuditState.Pending) {
            const state = t[a.keys.state] as number;
            if (state === AuditState.Draft) await tx.delete(auditRecord).where(eq(auditRecord.id, r.id));
            else await tx.update(auditRecord).set({ state, reason: a.keys.reason ? ((t[a.keys.reason] as string | null) ?? null) : null, decidedAt: new Date() }).where(eq(auditRecord.id, r.id));
            closed++;
          }
        }
      }
      // Entries to create.
      if (!a.exhibitionIdColumn) continue;
      const exhKey = keyOf(a.table, a.exhibitionIdColumn, 'exhibitionId')!;
      const missing = (await tx
        .select()
        .from(a.table as any)
        .where(
          and(
            a.live,
            eq(a.stateColumn, AuditState.Pending),
            inArray(a.exhibitionIdColumn, exhibitionIds),
            sql`not exists (select 1 from ${auditRecord} where ${auditRecord.type} = ${type} and ${auditRecord.targetId} = ${a.idColumn} and ${auditRecord.state} = 0)`,
          ),
        )) as Row[];
      for (const row of missing) {
        const exId = row[exhKey] as string;
        await tx.insert(auditRecord).values({
          type,
          targetId: row.id as string,
          exhibitionId: exId,
          hostId: hostOf.get(exId)!,
          exhibitorId: a.exhibitorIdColumn ? ((row[keyOf(a.table, a.exhibitorIdColumn, 'exhibitorId')!] as string | null) ?? null) : null,
          state: AuditState.Pending,
          title: (await a.title?.(row, tx)) ?? null,
          snapshot: (a.snapshot ?? defaultSnapshot)(row) ?? null,
        });
        created++;
      }
    }
  }
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(auditRecord)
    .where(and(eq(auditRecord.state, AuditState.Pending), exhibitionIds.length ? inArray(auditRecord.exhibitionId, exhibitionIds) : sql`false`));
  await writeOpLog(tx, actor, { action: 'audit.resync', targetType: 'audit', targetId: exhibitionId ?? null, hostId: exhibitionId ? hostOf.get(exhibitionId) : null, after: { created, closed, pending: n } });
  return { created, closed, pending: n };
}
