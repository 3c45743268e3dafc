import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { AuditState, CARD_LIMIT, Role, type Card, type CardQuery, type CardType, type cardContent, type Page } from '@pavilion/contract';
import type { z } from 'zod';
import { markDraft, registerAuditType } from '../../audit/audit.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import type { WriteContext } from '../../core/write.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorCard } from './tables.ts';
import { containing } from '../../db/like.ts';
import { pageOf } from '../../db/page.ts';
import { auditedOf } from '../../audit/columns.ts';

type Row = typeof exhibitorCard.$inferSelect;
type Content = z.infer<typeof cardContent>;
export const cardKeys = ['name', 'phone', 'email', 'position', 'idNumber', 'photo', 'type'] as const;

/** No `autoAudit`: the exhibition settings have no badge switch, every badge is the host's decision (docs/cards.md). */
registerAuditType({
  type: 'card',
  table: exhibitorCard,
  stateColumn: exhibitorCard.auditState,
  reasonColumn: exhibitorCard.auditReason,
  submitAtColumn: exhibitorCard.submitAt,
  auditAtColumn: exhibitorCard.auditAt,
  exhibitionIdColumn: exhibitorCard.exhibitionId,
  exhibitorIdColumn: exhibitorCard.exhibitorId,
  title: (row: Row) => `${row.name}（${row.position}）`,
  snapshot: (row: Row) => ({ name: row.name, phone: row.phone, email: row.email, position: row.position, idNumber: maskIdNumber(row.idNumber), photo: row.photo, type: row.type }),
});

/** `110101199001011234` → `110***********1234`: the first three and the last four stay readable. */
export function maskIdNumber(value: string | null): string | null {
  if (!value) return value;
  const chars = [...value];
  if (chars.length <= 4) return '*'.repeat(chars.length);
  const head = chars.length > 8 ? 3 : 1;
  const tail = chars.length > 8 ? 4 : 1;
  return chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(-tail).join('');
}

/** Hosts and the administrator read identity numbers whole; an exhibitor's lists show them masked. */
const seesIdNumbers = (p: UserPrincipal) => p.role !== Role.Exhibitor;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toCard = (r: Row, who: { compId: string; companyName: string }, mask: boolean): Card => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  compId: who.compId,
  companyName: who.companyName,
  name: r.name,
  phone: r.phone,
  email: r.email,
  position: r.position,
  idNumber: mask ? maskIdNumber(r.idNumber) : r.idNumber,
  photo: r.photo,
  type: r.type as CardType,
  printed: r.printed,
  printedAt: iso(r.printedAt),
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** What the op-log keeps of a badge: the identity number masked. */
const logged = (values: Partial<Row>) => ('idNumber' in values ? { ...values, idNumber: maskIdNumber(values.idNumber ?? null) } : values);

const selection = { card: exhibitorCard, compId: company.id, companyName: company.name, hostId: exhibition.hostId };
const base = (db: Executor) =>
  db
    .select(selection)
    .from(exhibitorCard)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorCard.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitorCard.exhibitionId));
/** The badges the principal reaches: its exhibitors' (an exhibitor its own), never deleted ones. */
const visible = (p: UserPrincipal) => and(exhibitorScope(p), isNull(exhibitorCard.deletedAt));

export async function cardPage(db: Executor, p: UserPrincipal, q: CardQuery): Promise<Page<Card>> {
  const where = and(
    visible(p),
    q.exhibitionId ? eq(exhibitorCard.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(exhibitorCard.exhibitorId, q.exhibitorId) : undefined,
    q.auditState !== undefined ? eq(exhibitorCard.auditState, q.auditState) : undefined,
    q.printed !== undefined ? eq(exhibitorCard.printed, q.printed) : undefined,
    q.type ? eq(exhibitorCard.type, q.type) : undefined,
    q.keyword ? or(ilike(exhibitorCard.name, containing(q.keyword)), ilike(exhibitorCard.phone, containing(q.keyword)), ilike(exhibitorCard.position, containing(q.keyword))) : undefined,
    q.companyName ? or(ilike(company.name, containing(q.companyName)), ilike(company.nameEn, containing(q.companyName))) : undefined,
  );
  return pageOf(
    db.select({ total: count() }).from(exhibitorCard).innerJoin(exhibitor, eq(exhibitor.id, exhibitorCard.exhibitorId)).innerJoin(company, eq(company.id, exhibitor.companyId)).where(where),
    base(db)
      .where(where)
      // Pending first (the host's work), then the newest hand-in.
      .orderBy(sql`case when ${exhibitorCard.auditState} = 0 then 0 else 1 end`, sql`${exhibitorCard.submitAt} desc nulls last`, desc(exhibitorCard.createdAt), desc(exhibitorCard.id)),
    q,
    (r) => toCard(r.card, r, !seesIdNumbers(p)),
  );
}

async function loadCard(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await base(db).where(and(visible(p), eq(exhibitorCard.id, id))).limit(1);
  if (!row) throw notFound('card');
  return row;
}

/** One badge, identity number whole (the owner edits it here). */
export async function findCard(db: Executor, p: UserPrincipal, id: string): Promise<Card> {
  const row = await loadCard(db, p, id);
  return toCard(row.card, row, false);
}

/** Live badges of an exhibitor, for the limit. */
async function cardCount(db: Executor, exhibitorId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(exhibitorCard).where(and(eq(exhibitorCard.exhibitorId, exhibitorId), isNull(exhibitorCard.deletedAt)));
  return n;
}

const contentOf = (body: Partial<Content>): Partial<Row> =>
  Object.fromEntries(cardKeys.filter((k) => body[k] !== undefined).map((k) => [k, body[k] ?? null])) as Partial<Row>;

/**
 * Adds a badge: an exhibitor's own (submitted for the host's review, at most CARD_LIMIT live ones),
 * or the host's for one of its exhibitors (`exhibitorId`; final at once, not limited).
 */
export async function createCard(ctx: WriteContext, body: Content & { exhibitorId?: string | undefined }): Promise<Card> {
  const { tx, principal: p, actor } = ctx;
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  // Serialises concurrent hand-ins of one exhibitor, so two requests cannot both pass the limit.
  await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
  if (p.role === Role.Exhibitor && (await cardCount(tx, target.exhibitor.id)) >= CARD_LIMIT) throw fieldError('exhibitorId', 'cardLimit', { max: String(CARD_LIMIT) });
  const content = contentOf(body);
  const [row] = await tx
    .insert(exhibitorCard)
    .values({ ...(content as Row), exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId })
    .returning();
  await writeOpLog(tx, actor, { action: 'exhibitorCard.create', targetType: 'exhibitorCard', targetId: row!.id, hostId: target.hostId, after: logged(content) });
  await afterOwnerSave(ctx, { type: 'card', targetId: row!.id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: `${row!.name}（${row!.position}）` });
  return findCard(tx, p, row!.id);
}

/**
 * Changes the fields sent. An exhibitor's change goes back to the host's review; the host's is
 * final. A changed badge is no longer the one that was printed: `printed` is cleared.
 */
export async function updateCard(ctx: WriteContext, id: string, body: Partial<Content>): Promise<Card> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadCard(tx, p, id);
  const content = contentOf(body);
  if (!Object.keys(content).length) return toCard(existing.card, existing, false);
  const before = existing.card;
  const [row] = await tx
    .update(exhibitorCard)
    .set({ ...content, printed: false, printedAt: null })
    .where(eq(exhibitorCard.id, id))
    .returning();
  await writeOpLog(tx, actor, {
    action: 'exhibitorCard.update',
    targetType: 'exhibitorCard',
    targetId: id,
    hostId: existing.hostId,
    before: logged({ ...Object.fromEntries(Object.keys(content).map((k) => [k, before[k as keyof Row] ?? null])), printed: before.printed }),
    after: logged({ ...content, printed: false }),
  });
  await afterOwnerSave(ctx, { type: 'card', targetId: id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: `${row!.name}（${row!.position}）` });
  return findCard(tx, p, id);
}

/** Deletes a badge (soft): the exhibitor its own, the host one of its exhibitions'. A pending one leaves the queue. */
export async function deleteCard(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadCard(tx, p, id);
  if (existing.card.auditState === AuditState.Pending) await markDraft(tx, 'card', id);
  await tx.update(exhibitorCard).set({ deletedAt: new Date() }).where(eq(exhibitorCard.id, id));
  const { name, position, type, printed, auditState } = existing.card;
  await writeOpLog(tx, actor, { action: 'exhibitorCard.delete', targetType: 'exhibitorCard', targetId: id, hostId: existing.hostId, before: { name, position, type, printed, auditState } });
}

/** Marks badges printed (only approved ones), or back to be printed; all or none. */
export async function markPrinted(ctx: WriteContext, ids: string[], printed: boolean): Promise<number> {
  const { tx, principal: p, actor } = ctx;
  const unique = [...new Set(ids)];
  const rows = await base(tx).where(and(visible(p), inArray(exhibitorCard.id, unique)));
  if (rows.length !== unique.length) throw notFound('card');
  if (printed && rows.some((r) => r.card.auditState !== AuditState.Approved)) throw fieldError('ids', 'cardNotApproved');
  const now = new Date();
  await tx
    .update(exhibitorCard)
    .set({ printed, printedAt: printed ? now : null })
    .where(inArray(exhibitorCard.id, unique));
  for (const r of rows)
    await writeOpLog(tx, actor, {
      action: printed ? 'exhibitorCard.print' : 'exhibitorCard.unprint',
      targetType: 'exhibitorCard',
      targetId: r.card.id,
      hostId: r.hostId,
      before: { printed: r.card.printed },
      after: { printed },
    });
  return rows.length;
}
