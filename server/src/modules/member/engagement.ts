import { and, eq, isNull, sql } from 'drizzle-orm';
import { AuditState, ErrorCode, Role, type EngagementState } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import { AppError, notFound, uniqueViolation } from '../../http/errors.ts';
import { company, exhibitor } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { memberEngagement } from './tables.ts';

/**
 * Likes, follows and shares of exhibitors (docs/visitors.md "Engagement"). Each writes its
 * member_engagement row and moves the exhibitor's counter in one statement pair of one transaction;
 * the unique index makes a second like or follow a 409 without touching the counter.
 */

/** Only a shown, approved exhibitor of a live exhibition is engaged with; anything else is 404. */
async function publicExhibitor(db: Executor, exhibitionId: string, exhibitorId: string) {
  const [row] = await db
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .innerJoin(company, and(eq(company.id, exhibitor.companyId), isNull(company.deletedAt)))
    .innerJoin(exhibition, and(eq(exhibition.id, exhibitor.exhibitionId), isNull(exhibition.deletedAt)))
    .where(
      and(
        eq(exhibitor.id, exhibitorId),
        eq(exhibitor.exhibitionId, exhibitionId),
        isNull(exhibitor.deletedAt),
        eq(exhibitor.isShow, true),
        eq(exhibitor.auditState, AuditState.Approved),
      ),
    )
    .limit(1);
  if (!row) throw notFound('exhibitor');
}

const counters = { like: 'likeCount', follow: 'followCount', share: 'shareCount' } as const;
type Kind = keyof typeof counters;

async function bump(tx: Executor, exhibitorId: string, kind: Kind, by: 1 | -1): Promise<number> {
  const key = counters[kind];
  const column = exhibitor[key];
  const [row] = await tx
    .update(exhibitor)
    .set({ [key]: sql`greatest(${column} + ${by}, 0)` })
    .where(eq(exhibitor.id, exhibitorId))
    .returning({ n: column });
  return row!.n;
}

export async function engagementOf(db: Executor, p: UserPrincipal, exhibitionId: string, exhibitorId: string): Promise<EngagementState> {
  visitorMemberId(p, exhibitionId);
  await publicExhibitor(db, exhibitionId, exhibitorId);
  const rows = await db
    .select({ kind: memberEngagement.kind })
    .from(memberEngagement)
    .where(and(eq(memberEngagement.userId, p.userId), eq(memberEngagement.exhibitorId, exhibitorId), sql`${memberEngagement.kind} in ('like', 'follow')`));
  return { liked: rows.some((r) => r.kind === 'like'), followed: rows.some((r) => r.kind === 'follow') };
}

/** A like or a follow, once per visitor and exhibitor: a second one is AlreadyLiked / AlreadyFollowed. */
export async function engageOnce(db: Executor, p: UserPrincipal, exhibitionId: string, exhibitorId: string, kind: 'like' | 'follow'): Promise<number> {
  visitorMemberId(p, exhibitionId);
  await publicExhibitor(db, exhibitionId, exhibitorId);
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(memberEngagement).values({ exhibitionId, exhibitorId, userId: p.userId, kind });
      return bump(tx, exhibitorId, kind, 1);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'member_engagement_once_key') throw new AppError(kind === 'like' ? ErrorCode.AlreadyLiked : ErrorCode.AlreadyFollowed);
    throw err;
  }
}

/** Unfollow: the counter moves only when a follow was there to remove. */
export async function unfollow(db: Executor, p: UserPrincipal, exhibitionId: string, exhibitorId: string): Promise<number> {
  visitorMemberId(p, exhibitionId);
  await publicExhibitor(db, exhibitionId, exhibitorId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(memberEngagement)
      .where(and(eq(memberEngagement.userId, p.userId), eq(memberEngagement.exhibitorId, exhibitorId), eq(memberEngagement.kind, 'follow')))
      .returning({ id: memberEngagement.id });
    if (removed.length) return bump(tx, exhibitorId, 'follow', -1);
    const [row] = await tx.select({ n: exhibitor.followCount }).from(exhibitor).where(eq(exhibitor.id, exhibitorId));
    return row!.n;
  });
}

/**
 * A share adds up. A visitor signed in to this exhibition leaves a row (who shared); anyone else
 * (anonymous, or another exhibition's token) only counts.
 */
export async function share(db: Executor, p: UserPrincipal | null, exhibitionId: string, exhibitorId: string): Promise<number> {
  await publicExhibitor(db, exhibitionId, exhibitorId);
  const visitor = p && p.role === Role.Visitor && p.memberId && p.exhibitionId === exhibitionId ? p : null;
  return db.transaction(async (tx) => {
    if (visitor) await tx.insert(memberEngagement).values({ exhibitionId, exhibitorId, userId: visitor.userId, kind: 'share' });
    return bump(tx, exhibitorId, 'share', 1);
  });
}
