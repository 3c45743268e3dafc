import DataLoader from 'dataloader';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, exhibitorCounters, PREVIEW_ACTIVITY_COUNT, PREVIEW_BUSINESS_COUNT, PREVIEW_EVALUATION_COUNT, PREVIEW_PRODUCT_COUNT } from '@pavilion/contract';
import { GraphQLScalarType } from 'graphql';
import { z } from 'zod';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, exhibitorScope } from '../../auth/scope.ts';
import { categoryScope } from '../category/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { category } from '../category/tables.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor, exhibitorCategory } from '../exhibitor/tables.ts';
import { exhibitorCount, exhibitorListWhere, exhibitorPageRows } from '../exhibitor/service.ts';
import { previewProducts, type PreviewProduct } from '../product/service.ts';
import { previewActivities, type PreviewActivity } from '../activity/service.ts';
import { iso } from '../../http/time.ts';
import { enquiryCounts, previewBusinesses } from '../enquiry/preview.ts';
import { appointmentCounts } from '../appointment/service.ts';
import { previewEvaluations } from '../evaluation/service.ts';

type ExhibitorRow = typeof exhibitor.$inferSelect;
type CompanyRow = typeof company.$inferSelect;
type CategoryRow = typeof category.$inferSelect;

/** Per request: who asks, in which language, and the batch loaders that keep nested fields to one query each. */
export type GraphqlContext = {
  principal: UserPrincipal;
  lang: Lang;
  loaders: ReturnType<typeof createLoaders>;
};

/**
 * DataLoaders for the nested fields: however many exhibitors a page holds, their companies, their
 * categories and the categories' children each cost one query (companies none when the list
 * query already read them and primed the loader).
 */
export function createLoaders(db: Db, principal: UserPrincipal) {
  const company_ = new DataLoader<string, CompanyRow | null>(async (ids) => {
    const rows = await db.select().from(company).where(inArray(company.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  const categoriesOf = new DataLoader<string, CategoryRow[]>(async (exhibitorIds) => {
    const rows = await db
      .select({ exhibitorId: exhibitorCategory.exhibitorId, category })
      .from(exhibitorCategory)
      .innerJoin(category, and(eq(category.id, exhibitorCategory.categoryId), isNull(category.deletedAt)))
      .where(inArray(exhibitorCategory.exhibitorId, [...exhibitorIds]))
      .orderBy(asc(exhibitorCategory.showIndex), asc(category.showIndex));
    const out = new Map<string, CategoryRow[]>(exhibitorIds.map((id) => [id, []]));
    for (const r of rows) out.get(r.exhibitorId)?.push(r.category);
    return exhibitorIds.map((id) => out.get(id)!);
  });
  const childrenOf = new DataLoader<string, CategoryRow[]>(async (parentIds) => {
    const rows = await db
      .select()
      .from(category)
      .where(and(categoryScope(principal), inArray(category.parentId, [...parentIds])))
      .orderBy(asc(category.showIndex), asc(category.name));
    const out = new Map<string, CategoryRow[]>(parentIds.map((id) => [id, []]));
    for (const r of rows) out.get(r.parentId!)?.push(r);
    return parentIds.map((id) => out.get(id)!);
  });
  // The preview's products: one query for every exhibitor of the page (a window per exhibitor).
  const productsOf = new DataLoader<string, PreviewProduct[]>(async (exhibitorIds) => {
    const byExhibitor = await previewProducts(db, exhibitorIds, PREVIEW_PRODUCT_COUNT);
    return exhibitorIds.map((id) => byExhibitor.get(id) ?? []);
  });
  // The preview's activities, batched the same way.
  const activitiesOf = new DataLoader<string, PreviewActivity[]>(async (exhibitorIds) => {
    const byExhibitor = await previewActivities(db, exhibitorIds, PREVIEW_ACTIVITY_COUNT);
    return exhibitorIds.map((id) => byExhibitor.get(id) ?? []);
  });
  // Business matching (docs/matching.md): enquiries, reviews and meeting counts, batched the same way.
  const batch = <T>(read: (ids: string[]) => Promise<Map<string, T>>, none: T) =>
    new DataLoader<string, T>(async (ids) => {
      const found = await read([...ids]);
      return ids.map((id) => found.get(id) ?? none);
    });
  const businessesOf = batch((ids) => previewBusinesses(db, ids, PREVIEW_BUSINESS_COUNT), [] as { id: string; remark: string; isSample: boolean }[]);
  const evaluatesOf = batch((ids) => previewEvaluations(db, ids, PREVIEW_EVALUATION_COUNT), [] as { id: string; content: string }[]);
  const thinkCountOf = batch((ids) => enquiryCounts(db, ids), 0);
  const talkCountOf = batch((ids) => appointmentCounts(db, ids), 0);
  return { company: company_, categoriesOf, childrenOf, productsOf, activitiesOf, businessesOf, evaluatesOf, thinkCountOf, talkCountOf };
}

const invalid = (field: string, message: string) => new AppError(ErrorCode.ValidationFailed, { detail: `${field}: ${message}` }, [{ field, message }]);
const uuid = (field: string, value: string | null | undefined) => {
  if (value !== null && value !== undefined && !z.uuid().safeParse(value).success) throw invalid(field, 'must be a UUID');
  return value ?? undefined;
};
const localised = (lang: Lang, zh: string, en: string | null) => (lang === 'en' && en ? en : zh);

type Args = Record<string, unknown>;

export function createResolvers(db: Db) {
  return {
    JSON: new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v }),
    Query: {
      async exhibitors(_: unknown, args: Args, ctx: GraphqlContext) {
        const pageIndex = Number(args.pageIndex ?? 1);
        const pageSize = Number(args.pageSize ?? 20);
        if (!Number.isInteger(pageIndex) || pageIndex < 1) throw invalid('pageIndex', 'must be at least 1');
        if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw invalid('pageSize', 'must be 1–100');
        const exhibitionId = uuid('exhibitionId', args.exhibitionId as string | undefined);
        const categoryId = uuid('categoryId', args.categoryId as string | undefined);
        const companyName = typeof args.companyName === 'string' ? args.companyName.trim().slice(0, 100) || undefined : undefined;
        if (exhibitionId) {
          const [reached] = await db.select({ id: exhibition.id }).from(exhibition).where(and(exhibitionScope(ctx.principal), eq(exhibition.id, exhibitionId)));
          if (!reached) throw new AppError(ErrorCode.NotFound, { what: 'exhibition' });
        }
        const where = exhibitorListWhere(exhibitorScope(ctx.principal), { exhibitionId, companyName, categoryId });
        const rows = await exhibitorPageRows(db, where, { pageIndex, pageSize });
        for (const r of rows) ctx.loaders.company.prime(r.company.id, r.company);
        // Counted only when the query asks for totalCount or totalPages, once for both.
        let counted: Promise<number> | null = null;
        const total = () => (counted ??= exhibitorCount(db, where));
        return { pageIndex, pageSize, totalCount: total, totalPages: async () => Math.ceil((await total()) / pageSize), items: rows.map((r) => r.exhibitor) };
      },
      async exhibitor(_: unknown, args: Args, ctx: GraphqlContext) {
        const id = uuid('id', args.id as string)!;
        const [row] = await db
          .select({ exhibitor, company })
          .from(exhibitor)
          .innerJoin(company, eq(company.id, exhibitor.companyId))
          .where(and(exhibitorScope(ctx.principal), isNull(company.deletedAt), eq(exhibitor.id, id)));
        if (!row) throw new AppError(ErrorCode.NotFound, { what: 'exhibitor' });
        ctx.loaders.company.prime(row.company.id, row.company);
        return row.exhibitor;
      },
      async categories(_: unknown, args: Args, ctx: GraphqlContext) {
        const hostId = uuid('hostId', args.hostId as string)!;
        const parentId = uuid('parentId', args.parentId as string | undefined);
        const level = args.level === null || args.level === undefined ? undefined : Number(args.level);
        return db
          .select()
          .from(category)
          .where(and(categoryScope(ctx.principal), eq(category.hostId, hostId), level !== undefined ? eq(category.level, level) : undefined, parentId ? eq(category.parentId, parentId) : undefined))
          .orderBy(asc(category.level), asc(category.showIndex), asc(category.name));
      },
    },
    Exhibitor: {
      compId: (r: ExhibitorRow) => r.companyId,
      topicStart: (r: ExhibitorRow) => iso(r.topicStart),
      topicEnd: (r: ExhibitorRow) => iso(r.topicEnd),
      pTopicStart: (r: ExhibitorRow) => iso(r.pTopicStart),
      pTopicEnd: (r: ExhibitorRow) => iso(r.pTopicEnd),
      createAt: (r: ExhibitorRow) => r.createdAt.toISOString(),
      ...Object.fromEntries(exhibitorCounters.map((k) => [k, (r: ExhibitorRow) => r[k]])),
      categories: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.categoriesOf.load(r.id),
      products: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.productsOf.load(r.id),
      activities: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.activitiesOf.load(r.id),
      businesses: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.businessesOf.load(r.id),
      newestEvaluates: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.evaluatesOf.load(r.id),
      // Counted from the enquiries and accepted meetings themselves, not the stored counters.
      thinkCount: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.thinkCountOf.load(r.id),
      talkCount: (r: ExhibitorRow, _: Args, ctx: GraphqlContext) => ctx.loaders.talkCountOf.load(r.id),
      async category(r: ExhibitorRow, _: Args, ctx: GraphqlContext) {
        const cats = await ctx.loaders.categoriesOf.load(r.id);
        return cats.length ? cats.map((c) => localised(ctx.lang, c.name, c.nameEn)).join(',') : null;
      },
      async company(r: ExhibitorRow, _: Args, ctx: GraphqlContext) {
        const c = await ctx.loaders.company.load(r.companyId);
        if (!c) throw new AppError(ErrorCode.NotFound, { what: 'company' });
        return c;
      },
    },
    ExhibitorProduct: {
      name: (r: PreviewProduct, _: Args, ctx: GraphqlContext) => localised(ctx.lang, r.name, r.nameEn),
      banner: (r: PreviewProduct) => JSON.stringify(r.pictures),
      view3DUrl: (r: PreviewProduct) => r.view3dUrl,
    },
    ExhibitorActivity: {
      title: (r: PreviewActivity, _: Args, ctx: GraphqlContext) => localised(ctx.lang, r.title, r.titleEn),
      startAt: (r: PreviewActivity) => r.startAt.toISOString(),
      endAt: (r: PreviewActivity) => r.endAt.toISOString(),
    },
    Company: {
      name: (c: CompanyRow, _: Args, ctx: GraphqlContext) => localised(ctx.lang, c.name, c.nameEn),
    },
    Category: {
      name: (c: CategoryRow, _: Args, ctx: GraphqlContext) => localised(ctx.lang, c.name, c.nameEn),
      shortName: (c: CategoryRow, _: Args, ctx: GraphqlContext) => (c.shortName === null ? null : localised(ctx.lang, c.shortName, c.shortNameEn)),
      createAt: (c: CategoryRow) => c.createdAt.toISOString(),
      updateAt: (c: CategoryRow) => c.updatedAt.toISOString(),
      childrens: (c: CategoryRow, _: Args, ctx: GraphqlContext) => ctx.loaders.childrenOf.load(c.id),
    },
  };
}
