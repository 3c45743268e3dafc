import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { nothing } from '../../auth/scope.ts';
import { activityScope as activityScopeOfModule } from '../activity/scope.ts';
import { notFound } from '../../http/errors.ts';
import { exhibition } from '../exhibition/tables.ts';
import { publicActivities } from '../activity/public.ts';
import { activity } from '../activity/tables.ts';
import type { ActivityRow } from '../activity/service.ts';

/**
 * Activities as this module reaches them: the activity module's scope (`activity/scope.ts`), and with `manage` only the
 * host's side, for the host-only writes, so an exhibitor never reaches them even by a mistake in a permission list.
 */
export const activityScope = (p: UserPrincipal, opts: { manage?: boolean } = {}): SQL =>
  opts.manage && p.role === Role.Exhibitor ? nothing : activityScopeOfModule(p);

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

/** An activity visitors see (`publicActivities`) with its exhibition's end and host; anything else is a 404. */
export async function publicActivityRow(db: Executor, exhibitionId: string, activityId: string) {
  const [row] = await db
    .select({ a: activity, exhibitionEndAt: exhibition.endAt, hostId: exhibition.hostId })
    .from(activity)
    .innerJoin(exhibition, and(eq(exhibition.id, activity.exhibitionId), isNull(exhibition.deletedAt)))
    .where(and(publicActivities(exhibitionId), eq(activity.id, activityId)))
    .limit(1);
  if (!row) throw notFound('activity');
  return row;
}
