import { and, eq, or } from 'drizzle-orm';
import { SettingType } from '@pavilion/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { setting } from '../settings/tables.ts';

/** What registration needs of a visitor group; the group settings (another slice) may hold more. */
export type GroupInfo = { id: string; name: string; nameEn: string; needAudit: boolean; isOpen: boolean; code: number };

const storedGroup = z.object({
  id: z.string().min(1),
  name: z.string().catch(''),
  nameEn: z.string().nullish().catch(null),
  needAudit: z.boolean().optional().catch(undefined),
  isOpen: z.boolean().optional().catch(undefined),
  showIndex: z.number().optional().catch(undefined),
});

/** A group list wherever a row keeps it: `{ groups: [...] }` or the array itself. Malformed entries are skipped. */
function groupsIn(value: unknown): z.infer<typeof storedGroup>[] | null {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' && Array.isArray((value as { groups?: unknown }).groups) ? (value as { groups: unknown[] }).groups : null;
  if (!list) return null;
  return list.flatMap((g) => {
    const parsed = storedGroup.safeParse(g);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The exhibition's visitor groups (settings rows of type VisitorGroup, kept by the groups slice), in
 * their order; `code` is the 1-based position, used by the barcode rules. Read defensively: the
 * rows' exact layout belongs to that slice.
 */
export async function readGroups(db: Executor, exhibitionId: string): Promise<GroupInfo[]> {
  const rows = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.type, SettingType.VisitorGroup), or(eq(setting.exhibitionId, exhibitionId), eq(setting.scope, exhibitionId))));
  const list = rows.map((r) => groupsIn(r.value)).find((g) => g !== null) ?? [];
  return list
    .map((g, i) => ({ g, i }))
    .sort((a, b) => (a.g.showIndex ?? a.i) - (b.g.showIndex ?? b.i))
    .map(({ g }, n) => ({ id: g.id, name: g.name, nameEn: g.nameEn ?? '', needAudit: g.needAudit ?? false, isOpen: g.isOpen ?? true, code: n + 1 }));
}

export async function readGroup(db: Executor, exhibitionId: string, groupId: string): Promise<GroupInfo | null> {
  return (await readGroups(db, exhibitionId)).find((g) => g.id === groupId) ?? null;
}
