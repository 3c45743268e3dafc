import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ErrorCode,
  groupInvitation,
  groupShare,
  groupSharePoster,
  POSTER_HEIGHT,
  POSTER_WIDTH,
  SettingType,
  visitorGroup,
  putVisitorGroups,
  type VisitorGroup,
} from '@pavilion/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, type FieldIssue } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { writableExhibition } from '../exhibition/service.ts';
import { member } from '../member/tables.ts';
import { readSettingRow, withDefaults, writeSettingRow } from '../settings/service.ts';
import { setting } from '../settings/tables.ts';

/** The rows of an exhibition's visitor groups: type VisitorGroup, scope the exhibition id, one name each. */
export const groupRowNames = { groups: 'groups', invitation: 'invitation', share: 'share', sharePoster: 'sharePoster' } as const;
type PerGroupKind = Exclude<keyof typeof groupRowNames, 'groups'>;
const perGroupSchemas = { invitation: groupInvitation, share: groupShare, sharePoster: groupSharePoster } as const;
type PerGroupValue<K extends PerGroupKind> = z.infer<(typeof perGroupSchemas)[K]>;

const key = (exhibitionId: string, name: string) => ({ type: SettingType.VisitorGroup, scope: exhibitionId, name });

function parseGroups(value: unknown): VisitorGroup[] {
  const list = (value as { groups?: unknown } | undefined)?.groups;
  if (!Array.isArray(list)) return [];
  return list
    .map((g) => visitorGroup.safeParse(g))
    .flatMap((r) => (r.success ? [r.data] : []))
    .sort((a, b) => a.showIndex - b.showIndex);
}

/** An exhibition's groups in their order. No tenancy check: callers load the exhibition first. */
export async function readGroups(db: Executor, exhibitionId: string): Promise<VisitorGroup[]> {
  return parseGroups((await readSettingRow(db, key(exhibitionId, groupRowNames.groups)))?.value);
}

/**
 * A group by its id, wherever it is, with its exhibition (the registration and the form module look
 * groups up this way). Group ids are made by the server, so one id names one group. No tenancy check.
 */
export async function findGroup(db: Executor, groupId: string): Promise<{ exhibitionId: string; group: VisitorGroup } | null> {
  const [row] = await db
    .select({ exhibitionId: setting.exhibitionId, value: setting.value })
    .from(setting)
    .where(and(eq(setting.type, SettingType.VisitorGroup), eq(setting.name, groupRowNames.groups), sql`${setting.value}->'groups' @> ${JSON.stringify([{ id: groupId }])}::jsonb`))
    .limit(1);
  const group = row?.exhibitionId ? parseGroups(row.value).find((g) => g.id === groupId) : undefined;
  return group ? { exhibitionId: row!.exhibitionId!, group } : null;
}

const invalid = (issues: FieldIssue[], code: ErrorCode = ErrorCode.ValidationFailed) => new AppError(code, {}, undefined, undefined, issues);

/**
 * Replaces the list: a group sent with its id keeps it, a new one gets a fresh id, the order sent is
 * showIndex 1..n. Refused by field: a name or English name used twice, an id that is not one of the
 * exhibition's groups; 409 when a left-out group has registered visitors (its link is in use).
 */
export async function saveGroups(ctx: WriteContext, exhibitionId: string, body: z.infer<typeof putVisitorGroups>): Promise<VisitorGroup[]> {
  const { tx, principal, actor } = ctx;
  const exh = await writableExhibition(tx, principal, exhibitionId);
  const before = await readGroups(tx, exhibitionId);
  const known = new Set(before.map((g) => g.id));
  const issues: FieldIssue[] = [];
  const seen = { id: new Set<string>(), name: new Set<string>(), nameEn: new Set<string>() };
  const groups = body.groups.map((input, i): VisitorGroup => {
    const { id: _id, showIndex: _order, ...g } = input;
    if (input.id !== undefined && (!known.has(input.id) || seen.id.has(input.id))) issues.push({ field: `groups.${i}.id`, issue: 'groupUnknown' });
    for (const k of ['name', 'nameEn'] as const) {
      const folded = g[k].toLowerCase();
      if (!folded) continue;
      if (seen[k].has(folded)) issues.push({ field: `groups.${i}.${k}`, issue: 'taken' });
      seen[k].add(folded);
    }
    const id = input.id ?? randomUUID();
    seen.id.add(id);
    return { ...g, id, showIndex: i + 1 };
  });
  if (issues.length) throw invalid(issues);
  const removed = before.filter((g) => !seen.id.has(g.id));
  if (removed.length) {
    const used = await tx
      .select({ groupId: member.groupId, n: count() })
      .from(member)
      .where(and(eq(member.exhibitionId, exhibitionId), inArray(member.groupId, removed.map((g) => g.id))))
      .groupBy(member.groupId);
    const inUse = removed.filter((g) => used.some((u) => u.groupId === g.id && u.n > 0));
    if (inUse.length) throw invalid(inUse.map((g) => ({ field: 'groups', issue: 'groupInUse', params: { name: g.name } })), ErrorCode.Conflict);
    // A deleted group's own forms go with it; its per-group settings are dropped when next read or saved.
    await tx.delete(setting).where(and(eq(setting.type, SettingType.FormControl), inArray(setting.scope, removed.map((g) => g.id))));
  }
  await writeSettingRow(tx, { ...key(exhibitionId, groupRowNames.groups), displayName: '观众分组', hostId: exh.hostId, exhibitionId }, () => ({ groups }));
  await writeOpLog(tx, actor, { action: 'visitorGroup.update', targetType: 'exhibition', targetId: exhibitionId, hostId: exh.hostId, before: { groups: before }, after: { groups } });
  return groups;
}

/** One kind of per-group settings, one item per current group in the groups' order, defaults where unset. */
export async function readPerGroup<K extends PerGroupKind>(db: Executor, exhibitionId: string, kind: K): Promise<(PerGroupValue<K> & { groupId: string })[]> {
  const groups = await readGroups(db, exhibitionId);
  const stored = ((await readSettingRow(db, key(exhibitionId, groupRowNames[kind])))?.value as { byGroup?: Record<string, unknown> } | undefined)?.byGroup ?? {};
  return groups.map((g) => ({ ...(withDefaults(perGroupSchemas[kind] as z.ZodType, stored[g.id]) as object), groupId: g.id }) as PerGroupValue<K> & { groupId: string });
}

/**
 * Replaces the settings of the groups named (each item whole); the other groups keep theirs and a
 * deleted group's are dropped. A group id that is not the exhibition's, or named twice, is refused by field.
 */
export async function savePerGroup<K extends PerGroupKind>(ctx: WriteContext, exhibitionId: string, kind: K, items: (PerGroupValue<K> & { groupId: string })[]) {
  const { tx, principal, actor } = ctx;
  const exh = await writableExhibition(tx, principal, exhibitionId);
  const groups = new Set((await readGroups(tx, exhibitionId)).map((g) => g.id));
  const issues: FieldIssue[] = [];
  const named = new Set<string>();
  items.forEach((item, i) => {
    if (!groups.has(item.groupId)) issues.push({ field: `items.${i}.groupId`, issue: 'groupUnknown' });
    else if (named.has(item.groupId)) issues.push({ field: `items.${i}.groupId`, issue: 'taken' });
    named.add(item.groupId);
    if (kind === 'sharePoster') {
      const p = item as unknown as PerGroupValue<'sharePoster'>;
      if (p.qrX + p.qrSize > POSTER_WIDTH) issues.push({ field: `items.${i}.qrX`, issue: 'posterQrOutside', params: { width: String(POSTER_WIDTH), height: String(POSTER_HEIGHT) } });
      if (p.qrY + p.qrSize > POSTER_HEIGHT) issues.push({ field: `items.${i}.qrY`, issue: 'posterQrOutside', params: { width: String(POSTER_WIDTH), height: String(POSTER_HEIGHT) } });
    }
  });
  if (issues.length) throw invalid(issues);
  const { before } = await writeSettingRow(tx, { ...key(exhibitionId, groupRowNames[kind]), displayName: `观众分组 ${kind}`, hostId: exh.hostId, exhibitionId }, (stored) => {
    const old = (stored as { byGroup?: Record<string, unknown> }).byGroup ?? {};
    const byGroup = Object.fromEntries(Object.entries(old).filter(([id]) => groups.has(id)));
    for (const { groupId, ...value } of items) byGroup[groupId] = value;
    return { byGroup };
  });
  await writeOpLog(tx, actor, { action: `visitorGroup.${kind}.update`, targetType: 'exhibition', targetId: exhibitionId, hostId: exh.hostId, before: before?.value ?? null, after: { items } });
}

/** The QR code of a registration link, as an SVG document (error correction M: survives a small logo or print blur). */
export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
