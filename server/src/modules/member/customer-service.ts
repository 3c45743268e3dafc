import { and, asc, eq, isNull } from 'drizzle-orm';
import { AuditState, type CustomerService } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { setMemberContact, type ContactField } from './host-service.ts';
import { customerServiceScope } from './scope.ts';
import { customerService, member } from './tables.ts';

/**
 * An exhibitor's customer-service members (calls.tsv 221–222): registered, approved visitors of its
 * exhibition who answer visitors for it. The exhibitor reaches its own, the host its exhibitions' exhibitors'.
 */
const columns = {
  id: customerService.id,
  exhibitorId: customerService.exhibitorId,
  memberId: customerService.memberId,
  name: member.name,
  phoneNumber: member.phoneNumber,
  email: member.email,
  company: member.company,
  jobTitle: member.jobTitle,
  createdAt: customerService.createdAt,
};
type Row = Omit<CustomerService, 'createAt'> & { createdAt: Date };
const toCustomerService = ({ createdAt, ...r }: Row): CustomerService => ({ ...r, createAt: createdAt.toISOString() });

/** The exhibitor the principal reaches (with its exhibition and host), else 404. */
async function reachableExhibitorRow(db: Executor, p: UserPrincipal, exhibitorId: string) {
  const [row] = await db
    .select({ id: exhibitor.id, exhibitionId: exhibitor.exhibitionId, hostId: exhibition.hostId })
    .from(exhibitor)
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .where(and(exhibitorScope(p), eq(exhibitor.id, exhibitorId)))
    .limit(1);
  if (!row) throw notFound('exhibitor');
  return row;
}

export async function customerServiceList(db: Executor, p: UserPrincipal, exhibitorId: string): Promise<CustomerService[]> {
  const ex = await reachableExhibitorRow(db, p, exhibitorId);
  const rows = await db
    .select(columns)
    .from(customerService)
    .innerJoin(member, eq(member.id, customerService.memberId))
    .where(and(customerServiceScope(p), eq(customerService.exhibitorId, ex.id)))
    .orderBy(asc(customerService.createdAt), asc(customerService.id));
  return rows.map(toCustomerService);
}

async function loadCustomerService(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await db
    .select({ ...columns, exhibitionId: member.exhibitionId })
    .from(customerService)
    .innerJoin(member, eq(member.id, customerService.memberId))
    .where(and(customerServiceScope(p), eq(customerService.id, id)))
    .limit(1);
  if (!row) throw notFound('customerService');
  return row;
}

/** The exhibition of a customer-service row, for the feature gate. */
export async function customerServiceExhibition(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: member.exhibitionId }).from(customerService).innerJoin(member, eq(member.id, customerService.memberId)).where(eq(customerService.id, id)).limit(1);
  if (!row) throw notFound('customerService');
  return row.exhibitionId;
}

/** The exhibition of an exhibitor, for the feature gate. */
export async function exhibitorExhibition(db: Executor, exhibitorId: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(eq(exhibitor.id, exhibitorId), isNull(exhibitor.deletedAt))).limit(1);
  if (!row) throw notFound('exhibitor');
  return row.exhibitionId;
}

/**
 * Adds a registered, approved and not blacklisted visitor of the exhibitor's exhibition, found by its
 * mobile or e-mail; anyone else is 404 member. Adding one twice answers the existing row.
 */
export async function addCustomerService(ctx: WriteContext, body: { exhibitorId: string; phoneOrEmail: string }): Promise<CustomerService> {
  const { tx, principal: p, actor } = ctx;
  const ex = await reachableExhibitorRow(tx, p, body.exhibitorId);
  const contact = body.phoneOrEmail.trim();
  const [m] = await tx
    .select({ id: member.id })
    .from(member)
    .where(
      and(
        eq(member.exhibitionId, ex.exhibitionId),
        
        eq(member.auditState, AuditState.Approved),
        eq(member.blacklisted, false),
        contact.includes('@') ? eq(member.email, contact.toLowerCase()) : eq(member.phoneNumber, contact),
      ),
    )
    .limit(1);
  if (!m) throw notFound('member');
  const [row] = await tx
    .insert(customerService)
    .values({ exhibitorId: ex.id, memberId: m.id })
    .onConflictDoUpdate({ target: [customerService.exhibitorId, customerService.memberId], set: { updatedAt: new Date() } })
    .returning({ id: customerService.id });
  await writeOpLog(tx, actor, { action: 'customerService.add', targetType: 'exhibitor', targetId: ex.id, hostId: ex.hostId, after: { memberId: m.id } });
  const { exhibitionId: _, ...cs } = await loadCustomerService(tx, p, row!.id);
  return toCustomerService(cs);
}

export async function removeCustomerService(ctx: WriteContext, id: string): Promise<boolean> {
  const { tx, principal: p, actor } = ctx;
  const cs = await loadCustomerService(tx, p, id);
  await tx.delete(customerService).where(eq(customerService.id, cs.id));
  const [ex] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, cs.exhibitionId));
  await writeOpLog(tx, actor, { action: 'customerService.remove', targetType: 'exhibitor', targetId: cs.exhibitorId, hostId: ex?.hostId ?? null, before: { memberId: cs.memberId } });
  return true;
}

/** A customer-service member's e-mail or mobile: the same change as the host's member edit, with the same 'already exists' answers. */
export async function updateCustomerServiceContact(ctx: WriteContext, id: string, field: ContactField, value: string): Promise<CustomerService> {
  const cs = await loadCustomerService(ctx.tx, ctx.principal, id);
  const [m] = await ctx.tx.select().from(member).where(eq(member.id, cs.memberId));
  const [ex] = await ctx.tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, cs.exhibitionId));
  await setMemberContact(ctx, m!, field, value, ex?.hostId ?? null);
  const { exhibitionId: _, ...fresh } = await loadCustomerService(ctx.tx, ctx.principal, id);
  return toCustomerService(fresh);
}
