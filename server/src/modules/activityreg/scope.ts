import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { nothing, ofExhibition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { exhibition } from '../exhibition/tables.ts';
import { publicActivities } from '../activity/public.ts';
import { activity } from '../activity/tables.ts';

/**
 * Activities as this module reaches them: the administrator all, a host its exhibitions', an exhibitor its own
 * (`manage`: only the host's side, for the host-only writes, so an exhibitor never reaches them even by a mistake in
 * a permission list). Another tenant's activity is not found.
 */
export function activityScope(p: UserPrincipal, opts: { manage?: boolean } = {}): SQL {
  const live = isNull(activity.deletedAt);
  if (p.role === Role.Admin || p.role === Role.Host) return and(live, ofExhibition(p, activity.exhibitionId))!;
  if (p.role === Role.Exhibitor && !opts.manage && p.exhibitorId) return and(live, eq(activity.exhibitorId, p.exhibitorId))!;
  return nothing;
}

export type ActivityRow = typeof activity.$inferSelect;
export type ReachedActivity = ActivityRow & { hostId: string };

/** The activity the principal reaches (with its exhibition's host, for the operation log), or 404. */
export async function reachableActivity(db: Executor, p: UserPrincipal, id: string, opts: { manage?: boolean } = {}): Promise<ReachedActivity> {
  const [row] = await db
    .select({ a: activity, hostId: exhibition.hostId })
    .from(activity)
    .innerJoin(exhibition, and(eq(exhibition.id, activity.exhibitionId), isNull(exhibition.deletedAt)))
    .where(and(activityScope(p, opts), eq(activity.id, id)))
    .limit(1);
  if (!row) throw notFound('activity');
  return { ...row.a, hostId: row.hostId };
}

/**
 * What visitors see (docs/activities.md "Who owns what"): approved, shown, published, not deleted, of an exhibition
 * that is online. Anything else is a 404 on the visitor site.
 */
export const visibleActivity = publicActivities;

export async function publicActivityRow(db: Executor, exhibitionId: string, activityId: string) {
  const [row] = await db
    .select({ a: activity, exhibitionEndAt: exhibition.endAt, hostId: exhibition.hostId })
    .from(activity)
    .innerJoin(exhibition, and(eq(exhibition.id, activity.exhibitionId), isNull(exhibition.deletedAt)))
    .where(and(visibleActivity(exhibitionId), eq(activity.id, activityId)))
    .limit(1);
  if (!row) throw notFound('activity');
  return row;
}
