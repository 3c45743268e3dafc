import { and, eq } from 'drizzle-orm';
import { ExhibitionStatus, Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { exhibition } from './tables.ts';

type Row = typeof exhibition.$inferSelect;

export function statusOf(e: Pick<Row, 'startAt' | 'endAt'>, now = Date.now()) {
  if (e.endAt && e.endAt.getTime() < now) return ExhibitionStatus.Over;
  if (e.startAt && e.startAt.getTime() <= now) return ExhibitionStatus.Running;
  return ExhibitionStatus.NotStarted;
}

export const toExhibition = (e: Row) => {
  const status = statusOf(e);
  return {
    id: e.id,
    hostId: e.hostId,
    name: e.name,
    nameEn: e.nameEn,
    startAt: e.startAt?.toISOString() ?? null,
    endAt: e.endAt?.toISOString() ?? null,
    showIndex: e.showIndex,
    logo: e.logo,
    banner: e.banner,
    address: e.address,
    addressEn: e.addressEn,
    city: e.city,
    description: e.description,
    descriptionEn: e.descriptionEn,
    agentId: e.agentId,
    agentName: e.agentName,
    status,
    isHistory: status === ExhibitionStatus.Over,
    createAt: e.createdAt.toISOString(),
    updateAt: e.updatedAt.toISOString(),
  };
};

/** The exhibition, if the principal may see it; 404 otherwise (another tenant's is simply not there). */
export async function visibleExhibition(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<Row> {
  const [row] = await db.select().from(exhibition).where(and(exhibitionScope(p), eq(exhibition.id, exhibitionId))).limit(1);
  if (!row) throw notFound('exhibition');
  return row;
}

/**
 * The exhibition, if the principal may change what belongs to it (its host, or the administrator).
 * An exhibitor never may; routes already refuse it by permission, this is the second lock.
 */
export async function writableExhibition(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<Row> {
  if (p.role === Role.Exhibitor || p.role === Role.Visitor) throw notFound('exhibition');
  return visibleExhibition(db, p, exhibitionId);
}
