import { and, eq, isNull } from 'drizzle-orm';
import { RANKING_PREVIEW_SIZE, type PutRankWeight, type RankingPreviewItem, type RankingTarget } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { writableExhibition } from '../exhibition/service.ts';
import { publicExhibitorRows } from '../expo/scope.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicProductRows } from '../product/service.ts';
import { product } from '../product/tables.ts';
import { getExhibitorRankingRule } from '../settings/service.ts';
import { byIds, inOrderOf, productOrder, rankedExhibitorIds } from './order.ts';

/**
 * The first page of the public exhibitor or product list, in the order the visitor site shows it (the same
 * `rankedExhibitorIds` / `productOrder` and public conditions), with the figures the rules sort by.
 */
export async function rankingPreview(db: Executor, p: UserPrincipal, exhibitionId: string, target: RankingTarget): Promise<RankingPreviewItem[]> {
  await writableExhibition(db, p, exhibitionId);
  const rules = await getExhibitorRankingRule(db, exhibitionId);
  if (target === 'exhibitor') {
    const ids = await rankedExhibitorIds(db, exhibitionId, publicExhibitorRows(exhibitionId), rules.rules, { pageIndex: 1, pageSize: RANKING_PREVIEW_SIZE });
    if (!ids.length) return [];
    const rows = await db
      .select({ id: exhibitor.id, name: company.name, nameEn: company.nameEn, viewCount: exhibitor.viewCount, likeCount: exhibitor.likeCount, enquiryCount: exhibitor.thinkCount, rankWeight: exhibitor.rankWeight })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(byIds(ids));
    return inOrderOf(ids, rows, (r) => r.id).map((r) => ({ ...r, exhibitorName: null }));
  }
  const rows = await db
    .select({ id: product.id, name: product.name, nameEn: product.nameEn, exhibitorName: company.name, viewCount: product.viewCount, enquiryCount: product.enquiryCount, rankWeight: product.rankWeight })
    .from(product)
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(publicProductRows(exhibitionId))
    .orderBy(...productOrder(rules.productRules))
    .limit(RANKING_PREVIEW_SIZE);
  return rows.map((r) => ({ ...r, likeCount: null }));
}

/** The host's manual weight of one exhibitor or product of its exhibition (another's: 404), with its operation-log row. */
export async function setRankWeight(ctx: WriteContext, body: PutRankWeight): Promise<{ id: string; rankWeight: number }> {
  const { tx, principal: p, actor } = ctx;
  const exh = await writableExhibition(tx, p, body.exhibitionId);
  const table = body.target === 'exhibitor' ? exhibitor : product;
  const where = and(ofExhibition(p, table.exhibitionId), eq(table.exhibitionId, body.exhibitionId), eq(table.id, body.id), isNull(table.deletedAt));
  const [before] = await tx.select({ rankWeight: table.rankWeight }).from(table).where(where);
  if (!before) throw notFound(body.target);
  await tx.update(table).set({ rankWeight: body.rankWeight }).where(eq(table.id, body.id));
  await writeOpLog(tx, actor, { action: 'ranking.weight', targetType: body.target, targetId: body.id, hostId: exh.hostId, before, after: { rankWeight: body.rankWeight } });
  return { id: body.id, rankWeight: body.rankWeight };
}
