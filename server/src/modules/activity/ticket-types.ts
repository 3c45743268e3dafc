import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ActivityTicketType } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { iso } from '../../http/time.ts';
import { activityTicketType } from './tables.ts';

export type TicketTypeRow = typeof activityTicketType.$inferSelect;

/** A ticket kind as the back office and the visitor site read it. */
export const toTicketType = (r: TicketTypeRow): ActivityTicketType => ({
  id: r.id,
  activityId: r.activityId,
  name: r.name,
  nameEn: r.nameEn,
  quantity: r.quantity,
  taken: r.taken,
  saleStartAt: iso(r.saleStartAt),
  saleEndAt: iso(r.saleEndAt),
  showIndex: r.showIndex,
});

/** An activity's ticket kinds that are not deleted. */
export const liveTicketTypes = (activityId: string) => and(eq(activityTicketType.activityId, activityId), isNull(activityTicketType.deletedAt))!;

/** An activity's ticket kinds in their order. */
export async function ticketTypesOf(db: Executor, activityId: string): Promise<ActivityTicketType[]> {
  const rows = await db.select().from(activityTicketType).where(liveTicketTypes(activityId)).orderBy(asc(activityTicketType.showIndex), asc(activityTicketType.createdAt));
  return rows.map(toTicketType);
}
