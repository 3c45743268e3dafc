import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { enquiry } from './tables.ts';

const approved = (exhibitorIds: string[]) => and(inArray(enquiry.exhibitorId, exhibitorIds), isNull(enquiry.deletedAt), eq(enquiry.auditState, AuditState.Approved));

/**
 * For the GraphQL exhibitor preview: each exhibitor's newest `perExhibitor` approved enquiries (`remark` is the
 * content), in one query over the batch.
 */
export async function previewBusinesses(db: Executor, exhibitorIds: string[], perExhibitor = 3): Promise<Map<string, { id: string; remark: string; isSample: boolean }[]>> {
  const out = new Map<string, { id: string; remark: string; isSample: boolean }[]>();
  if (!exhibitorIds.length) return out;
  const ranked = db
    .select({
      id: enquiry.id,
      exhibitorId: enquiry.exhibitorId,
      remark: enquiry.content,
      isSample: enquiry.isSample,
      n: sql<number>`row_number() over (partition by ${enquiry.exhibitorId} order by ${enquiry.createdAt} desc, ${enquiry.id} desc)`.as('n'),
    })
    .from(enquiry)
    .where(approved(exhibitorIds))
    .as('ranked');
  const found = await db.select().from(ranked).where(sql`${ranked.n} <= ${perExhibitor}`).orderBy(ranked.exhibitorId, ranked.n);
  for (const r of found) {
    const list = out.get(r.exhibitorId) ?? [];
    list.push({ id: r.id, remark: r.remark, isSample: r.isSample });
    out.set(r.exhibitorId, list);
  }
  return out;
}

/** Each exhibitor's count of approved enquiries (the preview's `thinkCount`); exhibitors without any are absent. */
export async function enquiryCounts(db: Executor, exhibitorIds: string[]): Promise<Map<string, number>> {
  if (!exhibitorIds.length) return new Map();
  const found = await db.select({ id: enquiry.exhibitorId, n: count() }).from(enquiry).where(approved(exhibitorIds)).groupBy(enquiry.exhibitorId).orderBy(desc(count()));
  return new Map(found.map((r) => [r.id, r.n]));
}
