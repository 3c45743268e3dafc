import { shownTime } from '../../http/time.ts';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { AuditState, expoSiteFeatures, toPage, type ExpoBooth, type ExpoDirectoryItem, type ExpoDirectoryQuery, type ExpoHome, type ExpoProduct, type ExpoState, type ExpoViewCount, type Page, type PageRequest } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { notFound } from '../../http/errors.ts';
import { album, albumPhoto } from '../album/tables.ts';
import { booth } from '../booth/tables.ts';
import { exhibitorVideo } from '../boothvideo/tables.ts';
import { categoryTree } from '../category/service.ts';
import { category } from '../category/tables.ts';
import { company } from '../company/tables.ts';
import { exhibition, exhibitionHall } from '../exhibition/tables.ts';
import { categoriesOf, exhibitorCount } from '../exhibitor/service.ts';
import { exhibitor, exhibitorCategory } from '../exhibitor/tables.ts';
import { product, productEvaluation } from '../product/tables.ts';
import { byIds, inOrderOf, productOrder, rankedExhibitorIds } from '../ranking/order.ts';
import { getExhibitionSettings, getExhibitorRankingRule } from '../settings/service.ts';
import { effectiveKeys } from '../version/service.ts';
import { matchesPinyin, pinyinKeyword } from './pinyin.ts';
import { publicExhibitorRows, publicExhibitors, publicProducts } from './scope.ts';

/** The booth page's products and reviews (issue 11: "10 products", "newest reviews"). */
const BOOTH_PRODUCTS = 10;
const BOOTH_REVIEWS = 5;

const shownOrNull = (d: Date | null) => (d ? shownTime(d) : null);

export function stateOf(startAt: Date | null, endAt: Date | null, now = new Date()): ExpoState {
  if (endAt && now > endAt) return 'over';
  if (startAt && now < startAt) return 'upcoming';
  return 'open';
}

async function liveExhibition(db: Executor, exhibitionId: string) {
  const [row] = await db.select().from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
  return row;
}

/** The directory's order: the host's own (showIndex), then newest. */
const directoryOrder = [asc(exhibitor.showIndex), desc(exhibitor.createdAt), asc(exhibitor.id)];

export async function expoHome(db: Executor, exhibitionId: string): Promise<ExpoHome> {
  const e = await liveExhibition(db, exhibitionId);
  const settings = await getExhibitionSettings(db, exhibitionId);
  const { col, row } = settings.homeExhibitorLogo;
  const [figures] = await db
    .select({ exhibitors: count(), views: sum(exhibitor.viewCount).mapWith(Number) })
    .from(exhibitor)
    .where(publicExhibitorRows(exhibitionId));
  const logos =
    col * row > 0
      ? await db
          .select({ id: exhibitor.id, name: company.name, nameEn: company.nameEn, logo: company.logo })
          .from(exhibitor)
          .innerJoin(company, eq(company.id, exhibitor.companyId))
          .where(and(publicExhibitors(exhibitionId), sql`coalesce(${company.logo}, '') <> ''`))
          .orderBy(...directoryOrder)
          .limit(col * row)
      : [];
  const tree = await categoryTree(db, e.hostId, 2);
  const keys = await effectiveKeys(db, exhibitionId);
  const { layout, productSort, showProductCount, showEnquiryButton } = settings.journalDisplay;
  return {
    id: e.id,
    name: e.name,
    nameEn: e.nameEn,
    logo: e.logo,
    banner: e.banner,
    startAt: e.startAt?.toISOString() ?? null,
    endAt: e.endAt?.toISOString() ?? null,
    startTime: shownOrNull(e.startAt),
    endTime: shownOrNull(e.endAt),
    address: e.address,
    addressEn: e.addressEn,
    description: e.description,
    descriptionEn: e.descriptionEn,
    state: stateOf(e.startAt, e.endAt),
    figures: {
      exhibitorCount: settings.showExhibitorCount ? (figures?.exhibitors ?? 0) : null,
      viewCount: settings.showViewCount ? (figures?.views ?? 0) : null,
    },
    logoGrid: { col, row, items: logos },
    journalDisplay: { layout, productSort, showProductCount, showEnquiryButton },
    visitorReg: { notice: settings.visitorReg.notice, noticeEn: settings.visitorReg.noticeEn },
    categories: tree.map((c) => ({ id: c.id, name: c.name, nameEn: c.nameEn, childrens: c.childrens.map((k) => ({ id: k.id, name: k.name, nameEn: k.nameEn })) })),
    features: expoSiteFeatures.filter((k) => keys.includes(k)),
  };
}

/**
 * Exhibitors whose company name holds the keyword's pinyin: the exhibition's public exhibitors'
 * names are read and spelled here (spellings are memoised), as an exhibition has a few thousand.
 * Each name is looked up by the company's key (no scan of every company).
 */
async function pinyinMatches(db: Executor, exhibitionId: string, keyword: string): Promise<string[]> {
  const rows = await db
    .select({ id: exhibitor.id, name: sql<string>`(select ${company.name} from ${company} where ${company.id} = ${exhibitor.companyId})` })
    .from(exhibitor)
    .where(publicExhibitorRows(exhibitionId));
  return rows.filter((r) => matchesPinyin(r.name, keyword)).map((r) => r.id);
}

/**
 * The directory as the host's exhibitor list reads a page (docs/performance.md "Lists at scale"):
 * conditions on the exhibitor row (the name is read from its company), a count without a join,
 * the page's ids in the exhibition's ranking order (docs/ranking.md), then those rows with their company.
 */
export async function expoDirectory(db: Executor, exhibitionId: string, q: ExpoDirectoryQuery): Promise<Page<ExpoDirectoryItem>> {
  await liveExhibition(db, exhibitionId);
  const keyword = q.keyword || undefined;
  const spelled = keyword ? pinyinKeyword(keyword) : null;
  const byPinyin = spelled ? await pinyinMatches(db, exhibitionId, spelled) : [];
  const where = and(
    publicExhibitorRows(exhibitionId),
    keyword
      ? or(
          // One array parameter (a literal both drivers pass as text), not one per id: a common pinyin
          // (initials) matches most of the exhibition.
          byPinyin.length ? sql`${exhibitor.id} = any(${`{${byPinyin.join(',')}}`}::uuid[])` : undefined,
          // A scalar subquery, looked up by the company's key per exhibitor: as an `exists` PostgreSQL
          // hashes it and reads every company of the database.
          sql`(select ${or(ilike(company.name, containing(keyword)), ilike(company.nameEn, containing(keyword)))} from ${company} where ${company.id} = ${exhibitor.companyId})`,
        )
      : undefined,
    q.categoryId
      ? sql`exists (select 1 from ${exhibitorCategory} join ${category} on ${category.id} = ${exhibitorCategory.categoryId} where ${exhibitorCategory.exhibitorId} = ${exhibitor.id} and ${category.deletedAt} is null and (${category.id} = ${q.categoryId} or ${category.parentId} = ${q.categoryId}))`
      : undefined,
  )!;
  const paging = { pageIndex: q.page, pageSize: q.size };
  const total = await exhibitorCount(db, where);
  return toPage(total ? await rankedDirectoryItems(db, exhibitionId, where, paging) : [], total, paging);
}

/** One page of directory cards in the exhibition's ranking order (docs/ranking.md). */
async function rankedDirectoryItems(db: Executor, exhibitionId: string, where: SQL, paging: PageRequest): Promise<ExpoDirectoryItem[]> {
  const ids = await rankedExhibitorIds(db, exhibitionId, where, (await getExhibitorRankingRule(db, exhibitionId)).rules, paging);
  const rows = ids.length ? await db.select({ exhibitor, company }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(byIds(ids)) : [];
  return inOrderOf(ids, rows, (r) => r.exhibitor.id).map(toDirectoryItem);
}

/** The card of an exhibitor on the site's lists (the directory, topics, the featured strip). */
export const toDirectoryItem = ({ exhibitor: x, company: c }: { exhibitor: typeof exhibitor.$inferSelect; company: typeof company.$inferSelect }): ExpoDirectoryItem => ({
  id: x.id,
  companyId: c.id,
  name: c.name,
  nameEn: c.nameEn,
  logo: c.logo,
  boothInfo: x.boothInfo,
  proCount: x.proCount,
  likeCount: x.likeCount,
  viewCount: x.viewCount,
});

/** A public page of the exhibition's shown, approved exhibitors that also meet `where`, in the directory's order. */
export async function publicExhibitorPage(db: Executor, exhibitionId: string, where: SQL | undefined, paging: PageRequest): Promise<Page<ExpoDirectoryItem>> {
  await liveExhibition(db, exhibitionId);
  const all = and(publicExhibitorRows(exhibitionId), where)!;
  const total = await exhibitorCount(db, all);
  return toPage(total ? await rankedDirectoryItems(db, exhibitionId, all, paging) : [], total, paging);
}

async function publicExhibitor(db: Executor, exhibitionId: string, exhibitorId: string) {
  const [row] = await db
    .select({ exhibitor, company })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(publicExhibitors(exhibitionId), eq(exhibitor.id, exhibitorId)));
  if (!row) throw notFound('exhibitor');
  return row;
}

const cover = (pictures: string[]) => pictures[0] ?? null;

export async function expoBooth(db: Executor, exhibitionId: string, exhibitorId: string): Promise<ExpoBooth> {
  const { exhibitor: x, company: c } = await publicExhibitor(db, exhibitionId, exhibitorId);
  const { productRules } = await getExhibitorRankingRule(db, exhibitionId);
  const ofThis = and(publicProducts(exhibitionId), eq(product.exhibitorId, exhibitorId));
  const products = await db
    .select({ id: product.id, name: product.name, nameEn: product.nameEn, pictures: product.pictures })
    .from(product)
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(ofThis)
    .orderBy(...productOrder(productRules))
    .limit(BOOTH_PRODUCTS);
  const reviews = await db
    .select({ review: productEvaluation, productName: product.name })
    .from(productEvaluation)
    .innerJoin(product, eq(product.id, productEvaluation.productId))
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(ofThis, eq(productEvaluation.exhibitorId, exhibitorId), isNull(productEvaluation.deletedAt), eq(productEvaluation.isShow, true)))
    .orderBy(desc(productEvaluation.createdAt), asc(productEvaluation.id))
    .limit(BOOTH_REVIEWS);
  const booths = await db
    .select({ code: booth.code, hall: exhibitionHall.name, hallEn: exhibitionHall.nameEn })
    .from(booth)
    .innerJoin(exhibitionHall, eq(exhibitionHall.id, booth.hallId))
    .where(and(eq(booth.exhibitorId, exhibitorId), isNull(booth.deletedAt), isNull(exhibitionHall.deletedAt)))
    .orderBy(asc(booth.showIndex), asc(booth.code));
  const albums = await db
    .select({
      id: album.id,
      name: album.name,
      nameEn: album.nameEn,
      cover: album.cover,
      firstPhoto: sql<string | null>`(select ${albumPhoto.url} from ${albumPhoto} where ${albumPhoto.albumId} = ${album.id} order by ${albumPhoto.showIndex} limit 1)`,
      photoCount: sql<number>`(select count(*)::int from ${albumPhoto} where ${albumPhoto.albumId} = ${album.id})`,
    })
    .from(album)
    .where(and(eq(album.exhibitorId, exhibitorId), isNull(album.deletedAt)))
    .orderBy(asc(album.showIndex), asc(album.id));
  const videos = await db
    .select({ id: exhibitorVideo.id, title: exhibitorVideo.title, titleEn: exhibitorVideo.titleEn, url: exhibitorVideo.url, cover: exhibitorVideo.cover })
    .from(exhibitorVideo)
    .where(and(eq(exhibitorVideo.exhibitorId, exhibitorId), isNull(exhibitorVideo.deletedAt)))
    .orderBy(asc(exhibitorVideo.showIndex), asc(exhibitorVideo.id));
  const categories = (await categoriesOf(db, [exhibitorId])).get(exhibitorId) ?? [];
  return {
    id: x.id,
    exhibitionId: x.exhibitionId,
    company: { id: c.id, name: c.name, nameEn: c.nameEn, logo: c.logo, region: c.region, address: c.address, website: c.website, introduction: c.introduction, introductionEn: c.introductionEn },
    banner: x.banner,
    boothInfo: x.boothInfo,
    boothArea: x.boothArea,
    booths,
    categories,
    likeCount: x.likeCount,
    followCount: x.followCount,
    shareCount: x.shareCount,
    viewCount: x.viewCount,
    proCount: x.proCount,
    products: products.map((p) => ({ id: p.id, name: p.name, nameEn: p.nameEn, cover: cover(p.pictures) })),
    reviews: reviews.map(({ review: r, productName }) => ({
      id: r.id,
      productId: r.productId,
      productName,
      authorName: r.authorName,
      rating: r.rating,
      content: r.content,
      reply: r.reply,
      createTime: shownTime(r.createdAt),
    })),
    albums: albums.map((a) => ({ id: a.id, name: a.name, nameEn: a.nameEn, cover: a.cover ?? a.firstPhoto, photoCount: a.photoCount })),
    videos,
  };
}

export async function expoProduct(db: Executor, exhibitionId: string, productId: string): Promise<ExpoProduct> {
  const [row] = await db
    .select({ product, company, boothInfo: exhibitor.boothInfo })
    .from(product)
    .innerJoin(exhibitor, eq(exhibitor.id, product.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(publicProducts(exhibitionId), eq(product.id, productId)));
  if (!row) throw notFound('product');
  const { product: p, company: c } = row;
  const settings = await getExhibitionSettings(db, exhibitionId);
  return {
    id: p.id,
    exhibitorId: p.exhibitorId,
    exhibitionId: p.exhibitionId,
    name: p.name,
    nameEn: p.nameEn,
    categoryId: p.categoryId,
    pictures: p.pictures,
    videoUrl: p.videoUrl,
    videoCover: p.videoCover,
    introduction: p.introduction,
    introductionEn: p.introductionEn,
    view3DUrl: p.view3dUrl,
    company: { id: c.id, name: c.name, nameEn: c.nameEn, logo: c.logo },
    boothInfo: row.boothInfo,
    showEnquiryButton: settings.journalDisplay.showEnquiryButton,
  };
}

/**
 * One booth page view: a single UPDATE of the counter, outside any transaction (nothing else
 * changes with it). Only a public exhibitor counts; 404 otherwise.
 */
export async function countView(db: Executor, exhibitionId: string, exhibitorId: string): Promise<ExpoViewCount> {
  const [row] = await db
    .update(exhibitor)
    .set({ viewCount: sql`${exhibitor.viewCount} + 1` })
    .where(and(eq(exhibitor.id, exhibitorId), sql`exists (select 1 from ${company} where ${company.id} = ${exhibitor.companyId} and ${publicExhibitors(exhibitionId)})`))
    .returning({ viewCount: exhibitor.viewCount, likeCount: exhibitor.likeCount, followCount: exhibitor.followCount, shareCount: exhibitor.shareCount });
  if (!row) throw notFound('exhibitor');
  return row;
}

/**
 * One product page view, counted on the product's `viewCount` (the ranking's `views`) and on its exhibitor's
 * `lookCount` (views of its products), together or not at all.
 */
export async function countLook(db: Executor, exhibitionId: string, productId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(exhibitor)
      .set({ lookCount: sql`${exhibitor.lookCount} + 1` })
      .where(
        sql`${exhibitor.id} = (select ${product.exhibitorId} from ${product} where ${product.id} = ${productId} and ${product.exhibitionId} = ${exhibitionId} and ${product.deletedAt} is null and ${product.isShow} and ${product.auditState} = ${AuditState.Approved}) and exists (select 1 from ${company} where ${company.id} = ${exhibitor.companyId} and ${publicExhibitors(exhibitionId)})`,
      )
      .returning({ lookCount: exhibitor.lookCount });
    if (!row) throw notFound('product');
    await tx.update(product).set({ viewCount: sql`${product.viewCount} + 1` }).where(eq(product.id, productId));
    return row.lookCount;
  });
}
