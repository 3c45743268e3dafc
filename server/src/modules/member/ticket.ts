import { and, eq, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { AuditState, barcodeRules, SettingType, type BarcodeRules } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { exhibition } from '../exhibition/tables.ts';
import { readSettingRow, withDefaults, writeSettingRow } from '../settings/service.ts';
import { setting } from '../settings/tables.ts';
import { readGroup } from './groups.ts';
import { member } from './tables.ts';

/**
 * Visitor tickets (badges): numbers built by the exhibition's barcode rules (docs/visitors.md "Tickets"),
 * issued when a registration is approved, shown as a QR code.
 */

const RULES = 'barcodeRules';
const SERIAL = 'ticketSerial';
const rulesKey = (exhibitionId: string) => ({ type: SettingType.BarcodeRules, scope: exhibitionId, name: RULES });

export async function readBarcodeRules(db: Executor, exhibitionId: string): Promise<BarcodeRules> {
  return withDefaults(barcodeRules, (await readSettingRow(db, rulesKey(exhibitionId)))?.value);
}

/** Replaces the rules (the exhibition already loaded in the caller's scope); numbers issued before keep theirs. */
export async function saveBarcodeRules(tx: Executor, actor: Actor, exh: { id: string; hostId: string }, rules: BarcodeRules): Promise<BarcodeRules> {
  const { before } = await writeSettingRow(tx, { ...rulesKey(exh.id), displayName: '票证条码规则', hostId: exh.hostId, exhibitionId: exh.id }, () => rules);
  await writeOpLog(tx, actor, { action: 'barcodeRules.update', targetType: 'exhibition', targetId: exh.id, hostId: exh.hostId, before: before?.value ?? null, after: rules });
  return rules;
}

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * prefix + group code (2 digits, 00 without a group; only with includeGroupCode) + serial padded to
 * serialLength (longer once the serials outgrow it) + the Luhn digit of the digits (with checkDigit).
 */
export function formatTicketNo(rules: BarcodeRules, parts: { serial: number; groupCode: number }): string {
  const digits = `${rules.includeGroupCode ? String(parts.groupCode % 100).padStart(2, '0') : ''}${String(parts.serial).padStart(rules.serialLength, '0')}`;
  return `${rules.prefix}${digits}${rules.checkDigit ? luhnDigit(digits) : ''}`;
}

/** The exhibition's next serial: one counter row, incremented by an upsert, so two approvals at once never share one. */
async function nextSerial(tx: Executor, exh: { id: string; hostId: string }): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${setting} (type, scope, name, display_name, value, host_id, exhibition_id)
    values (${SettingType.BarcodeRules}, ${exh.id}, ${SERIAL}, '票证流水号', '{"next":1}'::jsonb, ${exh.hostId}, ${exh.id})
    on conflict (type, scope, name) do update
      set value = jsonb_build_object('next', coalesce((${setting.value} ->> 'next')::int, 0) + 1), updated_at = now()
    returning (value ->> 'next')::int as next`);
  return Number((result as unknown as { rows: { next: number }[] }).rows[0]!.next);
}

/**
 * Gives an approved member its ticket number (the host's audit route calls this on approval; the
 * registration does when no audit is needed). Keeps a number already issued; answers the number, or
 * null when the member is not approved. Run it in the transaction that approves.
 */
export async function issueTicket(tx: Executor, memberId: string): Promise<string | null> {
  const [row] = await tx
    .select({ m: member, hostId: exhibition.hostId })
    .from(member)
    .innerJoin(exhibition, eq(exhibition.id, member.exhibitionId))
    .where(eq(member.id, memberId))
    .for('update', { of: member });
  if (!row) throw notFound('member');
  if (row.m.ticketNo) return row.m.ticketNo;
  if (row.m.auditState !== AuditState.Approved) return null;
  const exh = { id: row.m.exhibitionId, hostId: row.hostId };
  const rules = await readBarcodeRules(tx, exh.id);
  const group = rules.includeGroupCode && row.m.groupId ? await readGroup(tx, exh.id, row.m.groupId) : null;
  const ticketNo = formatTicketNo(rules, { serial: await nextSerial(tx, exh), groupCode: group?.code ?? 0 });
  await tx.update(member).set({ ticketNo }).where(and(eq(member.id, memberId), isNull(member.ticketNo)));
  return ticketNo;
}

/** The ticket's QR code as SVG markup, encoding the ticket number. */
export async function ticketQrSvg(ticketNo: string): Promise<string> {
  return QRCode.toString(ticketNo, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
