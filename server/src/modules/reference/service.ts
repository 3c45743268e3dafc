import { and, asc, count, eq, inArray, isNull, max, ne, type SQL } from 'drizzle-orm';
import { ErrorCode, type RegionKind, type RegionNode } from '@pavilion/contract';
import type { Db, Executor } from '../../db/client.ts';
import { fieldError, uniqueViolation } from '../../http/errors.ts';
import { writeOpLog, type OpLogEntry, type Actor } from '../../oplog/oplog.ts';
import type { ReferenceCache } from './cache.ts';
import { RegionSnapshot, type RegionRow } from './snapshot.ts';
import { actionType, businessType, productChannel, region } from './tables.ts';

const conflictField = (constraint: string) => (constraint.endsWith('_name_en_key') ? 'nameEn' : constraint.endsWith('_param_key') ? 'param' : 'name');

/** Reads and writes of the reference tables, sharing one cache that every write invalidates. */
export function referenceService(db: Db, cache: ReferenceCache) {
  const regions = () =>
    cache.get('regions', async () => new RegionSnapshot(await db.select().from(region).where(isNull(region.deletedAt))));

  /** Awaited here: a drizzle query is a thenable that runs again at every `then`, so it must not be cached itself. */
  const liveList = async <T extends typeof actionType | typeof businessType | typeof productChannel>(table: T): Promise<T['$inferSelect'][]> =>
    await db
      .select()
      .from(table as typeof businessType)
      .where(isNull(table.deletedAt))
      .orderBy(asc(table.showIndex), asc(table.name));

  /**
   * Runs one administrator change: the work and its operation-log row in one transaction, a
   * duplicate answered 409 naming the field, then every instance's cache dropped.
   */
  async function change<T>(actor: Actor, work: (tx: Executor, log: (entry: OpLogEntry) => Promise<void>) => Promise<T>): Promise<T> {
    let out: T;
    try {
      out = await db.transaction((tx) => work(tx, (entry) => writeOpLog(tx, actor, entry)));
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint !== null) throw fieldError(conflictField(constraint), 'taken', {}, ErrorCode.Conflict);
      throw err;
    }
    await cache.changed();
    return out;
  }

  /** A live region row, locked for the rest of the transaction; optionally of one of `kinds`. */
  async function lockRegion(tx: Executor, id: string, kinds?: readonly RegionKind[]): Promise<RegionRow | undefined> {
    const filters: SQL[] = [eq(region.id, id), isNull(region.deletedAt)];
    if (kinds) filters.push(inArray(region.kind, [...kinds]));
    return (await tx.select().from(region).where(and(...filters)).for('update'))[0];
  }

  async function hasLiveChildren(tx: Executor, id: string) {
    const [row] = await tx.select({ n: count() }).from(region).where(and(eq(region.parentId, id), isNull(region.deletedAt)));
    return (row?.n ?? 0) > 0;
  }

  /** The kind a new child gets when the caller names none: as its siblings, else the first allowed. */
  async function defaultKind(tx: Executor, parent: RegionRow | null, allowed: readonly RegionKind[], name: string | null): Promise<RegionKind> {
    if (name === null && allowed.includes('group')) return 'group';
    if (parent) {
      const siblings = await tx
        .selectDistinct({ kind: region.kind })
        .from(region)
        .where(and(eq(region.parentId, parent.id), isNull(region.deletedAt), ne(region.kind, 'group')));
      const same = siblings.map((s) => s.kind as RegionKind).find((k) => allowed.includes(k));
      if (same) return same;
    }
    return allowed.find((k) => k !== 'group') ?? allowed[0]!;
  }

  async function nextRegionIndex(tx: Executor, parentId: string | null) {
    const [row] = await tx
      .select({ top: max(region.showIndex) })
      .from(region)
      .where(and(parentId ? eq(region.parentId, parentId) : isNull(region.parentId), isNull(region.deletedAt)));
    return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
  }

  const regionNode = (r: RegionRow, hasChildren: boolean): RegionNode => ({
    id: r.id,
    parentId: r.parentId,
    kind: r.kind as RegionKind,
    name: r.name,
    nameEn: r.nameEn,
    code: r.code,
    param: r.param,
    showIndex: r.showIndex,
    hasChildren,
  });

  /** What the operation log keeps of a region row. */
  const logged = (r: RegionRow) => ({ parentId: r.parentId, kind: r.kind, name: r.name, nameEn: r.nameEn, code: r.code, param: r.param, showIndex: r.showIndex });

  return { regions, liveList, change, lockRegion, hasLiveChildren, defaultKind, nextRegionIndex, regionNode, logged };
}

export type ReferenceService = ReturnType<typeof referenceService>;
