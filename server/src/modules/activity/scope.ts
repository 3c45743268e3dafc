import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition } from '../../auth/scope.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { activity, activityCategory } from './tables.ts';

/** An exhibitor's activity counts only while its exhibitor is live; the host's own (no exhibitor) always. */
export const ofLiveOwner = (): SQL =>
  sql`(${activity.exhibitorId} is null or not exists (select 1 from ${exhibitor} where ${exhibitor.id} = ${activity.exhibitorId} and ${exhibitor.deletedAt} is not null))`;

/**
 * Activities the principal reaches: the administrator's all, a host's those of its exhibitions (its own programme and
 * its exhibitors'), an exhibitor's its own (never the host's programme).
 */
export const activityScope = (p: UserPrincipal): SQL =>
  and(isNull(activity.deletedAt), ofLiveOwner(), ofExhibitorInExhibition(p, activity.exhibitorId, activity.exhibitionId))!;

/** Activity categories of the exhibitions the principal reaches (an exhibitor its own exhibition's). */
export const activityCategoryScope = (p: UserPrincipal): SQL => ofExhibition(p, activityCategory.exhibitionId);
