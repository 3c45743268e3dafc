import type { Executor } from '../../db/client.ts';
import { readGroups as readVisitorGroups } from '../visitorgroup/service.ts';

/** What registration and tickets need of a visitor group; `code` is its 1-based position (the barcode rules use it). */
export type GroupInfo = { id: string; name: string; nameEn: string; needAudit: boolean; isOpen: boolean; code: number };

export async function readGroups(db: Executor, exhibitionId: string): Promise<GroupInfo[]> {
  return (await readVisitorGroups(db, exhibitionId)).map((g, n) => ({ id: g.id, name: g.name, nameEn: g.nameEn ?? '', needAudit: g.needAudit, isOpen: g.isOpen, code: n + 1 }));
}

export async function readGroup(db: Executor, exhibitionId: string, groupId: string): Promise<GroupInfo | null> {
  return (await readGroups(db, exhibitionId)).find((g) => g.id === groupId) ?? null;
}
