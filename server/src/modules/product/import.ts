import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { AuditState, ErrorCode, productCreateBody, productImportColumns, type ImportColumn, type ProductImportColumn } from '@pavilion/contract';
import { z } from 'zod';
import { auditRecord } from '../../audit/tables.ts';
import type { Db, Executor } from '../../db/client.ts';
import { fill, type Lang, type Text } from '../../http/i18n.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { firstHit, maskText, readSensitive } from '../../sensitive/check.ts';
import { rowText } from '../backgroundjob/messages.ts';
import { jobActor } from '../backgroundjob/service.ts';
import { columnLabel, failWithReport, listOf, startSheetImport, type RowError, type SourceRow } from '../backgroundjob/sheet-import.ts';
import { normalise } from '../backgroundjob/xlsx.ts';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { productTag } from '../reference/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { refreshProCount } from './service.ts';
import { product, productCategory } from './tables.ts';

type Key = ProductImportColumn;

/** Row messages of the product import, beside the shared ones (`rowText`), in the language of whoever started it. */
const productRowText = {
  exhibitorUnknown: { 'zh-CN': '本展会没有该展商：{value}', en: 'No exhibitor of this exhibition is called or numbered {value}' },
  exhibitorAmbiguous: { 'zh-CN': '本展会有多个展商名为“{value}”，请填写展商ID', en: 'Several exhibitors of this exhibition are called "{value}"; give the exhibitor ID' },
  categoryUnknown: { 'zh-CN': '产品分类“{value}”不存在，请按“一级分类/二级分类”填写', en: 'Category "{value}" does not exist; write "level 1/level 2"' },
  categoryAmbiguous: { 'zh-CN': '产品分类“{value}”有多个同名分类，请按“一级分类/二级分类”填写', en: 'Category "{value}" names several categories; write "level 1/level 2"' },
  tagUnknown: { 'zh-CN': '产品标签“{value}”不存在', en: 'Tag "{value}" does not exist' },
  tooManyTags: { 'zh-CN': '产品标签最多 {max} 个', en: 'At most {max} tags' },
  tooManyPictures: { 'zh-CN': '最多上传{max}张图片', en: 'At most {max} pictures' },
  badUrl: { 'zh-CN': '{column}不是有效的链接（http(s):// 或 / 开头）：{value}', en: '{column} is not a valid address (http(s):// or starting with /): {value}' },
  quota: {
    'zh-CN': '每个展商最多发布{max}个产品，该展商已有 {existing} 个，加上本表前面的行已超出',
    en: 'An exhibitor may publish at most {max} products; this one has {existing}, and with the rows above it this row is over the limit',
  },
  sensitive: { 'zh-CN': '{column}包含敏感词“{word}”', en: '{column} contains the sensitive word "{word}"' },
  yesNo: { 'zh-CN': '{column}应为“是”或“否”：{value}', en: '{column} must be yes or no: {value}' },
  invalid: { 'zh-CN': '{column}不正确：{value}', en: '{column} is not valid: {value}' },
} satisfies Record<string, Text>;
const texts = { ...rowText, ...productRowText };

/** Pictures are addresses, which may hold commas: one per line, or separated by spaces or semicolons. */
const PICTURE_SEPARATORS = /[\s;；|]+/;
const YES = new Set(['是', '显示', 'yes', 'y', 'true', '1', 'shown', 'show']);
const NO = new Set(['否', '隐藏', '不显示', 'no', 'n', 'false', '0', 'hidden', 'hide']);

/** Plain text as the introduction's HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return sanitizeRichText(paragraphs.map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join(''));
}

type Target = { exhibitorId: string };
type Known = {
  hostId: string;
  pictureLimit: number;
  quota: number;
  byId: Map<string, string>;
  byName: Map<string, string[]>;
  existing: Map<string, number>;
  roots: Map<string, string[]>;
  children: Map<string, Map<string, string[]>>;
  anyChild: Map<string, string[]>;
  tags: Map<string, string[]>;
  sensitive: Awaited<ReturnType<typeof readSensitive>>;
};

const addTo = (map: Map<string, string[]>, names: (string | null)[], id: string) => {
  for (const n of new Set(names.filter((x): x is string => !!x).map(normalise))) map.set(n, [...(map.get(n) ?? []), id]);
};

/** Everything the rows are checked against, in a few queries whatever the file's size. */
async function loadKnown(db: Db, exhibitionId: string, hostId: string): Promise<Known> {
  const settings = await getExhibitionSettings(db, exhibitionId);
  const exhibitors = await db
    .select({ id: exhibitor.id, name: company.name, nameEn: company.nameEn })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt), isNull(company.deletedAt)));
  const byId = new Map(exhibitors.map((e) => [e.id, e.id]));
  const byName = new Map<string, string[]>();
  for (const e of exhibitors) addTo(byName, [e.name, e.nameEn], e.id);
  const counts = await db
    .select({ exhibitorId: product.exhibitorId, n: count() })
    .from(product)
    .where(and(eq(product.exhibitionId, exhibitionId), isNull(product.deletedAt)))
    .groupBy(product.exhibitorId);
  const cats = await db
    .select({ id: productCategory.id, parentId: productCategory.parentId, name: productCategory.name, nameEn: productCategory.nameEn })
    .from(productCategory)
    .where(and(eq(productCategory.exhibitionId, exhibitionId), isNull(productCategory.deletedAt)));
  const roots = new Map<string, string[]>();
  const children = new Map<string, Map<string, string[]>>();
  const anyChild = new Map<string, string[]>();
  for (const c of cats) {
    if (!c.parentId) addTo(roots, [c.name, c.nameEn], c.id);
    else {
      if (!children.has(c.parentId)) children.set(c.parentId, new Map());
      addTo(children.get(c.parentId)!, [c.name, c.nameEn], c.id);
      addTo(anyChild, [c.name, c.nameEn], c.id);
    }
  }
  const tagRows = await db.select({ id: productTag.id, name: productTag.name, nameEn: productTag.nameEn }).from(productTag).where(and(eq(productTag.exhibitionId, exhibitionId), isNull(productTag.deletedAt)));
  const tags = new Map<string, string[]>();
  for (const t of tagRows) addTo(tags, [t.name, t.nameEn], t.id);
  return {
    hostId,
    pictureLimit: settings.productImageUploadNumber,
    quota: settings.exhibitorsLoadProductNumber,
    byId,
    byName,
    existing: new Map(counts.map((c) => [c.exhibitorId, c.n])),
    roots,
    children,
    anyChild,
    tags,
    sensitive: await readSensitive(db),
  };
}

type Plan = { row: number; exhibitorId: string; values: typeof product.$inferInsert };

/** Checks every row as `POST /api/v1/product` would (the same contract schema and limits); answers the writes and every error. */
function validate(exhibitionId: string, rows: SourceRow<Key>[], known: Known, lang: Lang, onProgress: (i: number) => void) {
  const errors: RowError<Key>[] = [];
  const plans: Plan[] = [];
  const taken = new Map<string, number>();
  const { matcher, mode } = known.sensitive;

  rows.forEach((src, index) => {
    if (index % 200 === 0) onProgress(index);
    const rowErrors: RowError<Key>[] = [];
    const fail = (column: Key | null, key: keyof typeof texts, params: Record<string, string | number> = {}) =>
      rowErrors.push({ row: src.row, column, message: fill(texts[key][lang], { column: column ? columnLabel(productImportColumns, column, lang) : '', ...params }) });
    const value: Partial<Record<Key, string>> = {};
    for (const c of productImportColumns) {
      const cell = src.values[c.key];
      if (cell?.wrongType) fail(c.key, 'wrongType');
      else if (cell?.text) value[c.key] = cell.text;
      else if ((c as ImportColumn).required) fail(c.key, 'required');
    }

    let target: Target | null = null;
    if (value.exhibitor) {
      const asId = z.uuid().safeParse(value.exhibitor).success ? known.byId.get(value.exhibitor.toLowerCase()) : undefined;
      const named = known.byName.get(normalise(value.exhibitor)) ?? [];
      if (asId) target = { exhibitorId: asId };
      else if (named.length === 1) target = { exhibitorId: named[0]! };
      else if (named.length > 1) fail('exhibitor', 'exhibitorAmbiguous', { value: value.exhibitor });
      else fail('exhibitor', 'exhibitorUnknown', { value: value.exhibitor });
    }

    let categoryId: string | undefined;
    if (value.category) {
      const parts = value.category.split(/\s*[/／>]\s*/).filter(Boolean);
      let found: string[] = [];
      if (parts.length === 2) {
        for (const root of known.roots.get(normalise(parts[0]!)) ?? []) found.push(...(known.children.get(root)?.get(normalise(parts[1]!)) ?? []));
      } else if (parts.length === 1) {
        found = known.roots.get(normalise(parts[0]!)) ?? [];
        if (!found.length) found = known.anyChild.get(normalise(parts[0]!)) ?? [];
      }
      if (found.length === 1) categoryId = found[0];
      else fail('category', found.length ? 'categoryAmbiguous' : 'categoryUnknown', { value: value.category });
    }

    const tagIds: string[] = [];
    if (value.tags) {
      for (const name of listOf(value.tags)) {
        const found = known.tags.get(normalise(name)) ?? [];
        if (found.length === 1) tagIds.push(found[0]!);
        else fail('tags', 'tagUnknown', { value: name });
      }
    }

    const pictures = value.pictures ? listOf(value.pictures, PICTURE_SEPARATORS) : [];
    if (pictures.length > known.pictureLimit) fail('pictures', 'tooManyPictures', { max: known.pictureLimit });

    let isShow = true;
    if (value.isShow) {
      const v = value.isShow.toLowerCase();
      if (NO.has(v)) isShow = false;
      else if (!YES.has(v)) fail('isShow', 'yesNo', { value: value.isShow });
    }

    // Names in the platform's mode (refused or masked), introductions refused on their text, as a save does.
    let name = value.name;
    let nameEn = value.nameEn;
    for (const column of ['name', 'nameEn', 'introductionZh', 'introductionEn'] as const) {
      const text = value[column];
      const word = text ? firstHit(matcher, text) : null;
      if (!word) continue;
      if (mode === 'mask' && (column === 'name' || column === 'nameEn')) {
        if (column === 'name') name = maskText(matcher!, text!);
        else nameEn = maskText(matcher!, text!);
      } else fail(column, 'sensitive', { word });
    }

    const body = {
      exhibitorId: target?.exhibitorId,
      name: name ?? '',
      nameEn: nameEn ?? null,
      categoryId: categoryId ?? null,
      tagIds,
      pictures,
      view3DUrl: value.view3DUrl ?? null,
      introductionZh: value.introductionZh ? textToHtml(value.introductionZh) : '',
      introductionEn: value.introductionEn ? textToHtml(value.introductionEn) : '',
      isShow,
    };
    const parsed = productCreateBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column: Key = field === 'exhibitorId' ? 'exhibitor' : field === 'tagIds' ? 'tags' : ((productImportColumns.find((c) => c.key === field)?.key ?? 'name') as Key);
        if (rowErrors.some((e) => e.column === column)) continue;
        const raw = column === 'pictures' ? String(pictures[Number(issue.path[1] ?? 0)] ?? '') : (value[column] ?? '');
        if (issue.code === 'too_big' && issue.origin === 'array' && column === 'tags') fail(column, 'tooManyTags', { max: Number(issue.maximum) });
        else if (issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin === 'string') fail(column, 'tooLong', { max: issue.maximum });
        else if (issue.code === 'too_small' && issue.origin === 'string') fail(column, 'required');
        else if (issue.code === 'invalid_format' && (column === 'pictures' || column === 'view3DUrl')) fail(column, 'badUrl', { value: raw });
        else fail(column, 'invalid', { value: raw });
      }
    }

    // Only a row that would be written takes a place: a broken row's error is its own, not the quota's.
    if (target && !rowErrors.length && parsed.success) {
      const existing = known.existing.get(target.exhibitorId) ?? 0;
      const before = taken.get(target.exhibitorId) ?? 0;
      if (existing + before + 1 > known.quota) fail('exhibitor', 'quota', { max: known.quota, existing });
      else taken.set(target.exhibitorId, before + 1);
    }

    if (rowErrors.length || !parsed.success || !target) {
      errors.push(...rowErrors);
      return;
    }
    const b = parsed.data;
    plans.push({
      row: src.row,
      exhibitorId: target.exhibitorId,
      values: {
        exhibitionId,
        exhibitorId: target.exhibitorId,
        name: b.name,
        nameEn: b.nameEn || null,
        categoryId: b.categoryId ?? null,
        tagIds: b.tagIds,
        pictures: b.pictures,
        view3dUrl: b.view3DUrl || null,
        introduction: b.introductionZh,
        introductionEn: b.introductionEn,
        isShow: b.isShow,
      },
    });
  });
  return { errors, plans };
}

const WRITE_CHUNK = 250;

/**
 * `product.import`: every row checked first; any broken row → a report and nothing written. A real
 * run writes every product approved (a host's save is final), its audit record and one operation-log
 * row, and recounts proCount of the exhibitors it touched, in one transaction with the job's completion.
 */
export const importProducts: JobHandler = async (ctx) => {
  const { job, db, lang } = ctx;
  const { exhibitionId, hostId, rows, fileName, dryRun } = await startSheetImport(ctx, productImportColumns);
  const known = await loadKnown(db, exhibitionId, hostId);
  const { errors, plans } = validate(exhibitionId, rows, known, lang, (i) => ctx.progress({ processed: i, total: rows.length, percent: 5 + (45 * i) / rows.length }));
  ctx.checkpoint();
  const exhibitorIds = [...new Set(plans.map((p) => p.exhibitorId))];
  const summary = { dryRun: dryRun, rows: rows.length, created: plans.length, exhibitors: exhibitorIds.length, errorCount: errors.length, invalidRows: new Set(errors.map((e) => e.row)).size };
  if (errors.length) await failWithReport(ctx, productImportColumns, errors, { ...summary, created: 0 });
  if (dryRun) return { result: summary };

  ctx.progress({ processed: 0, total: plans.length, percent: 50 });
  const actor = jobActor(job);
  const user = actor.principal?.kind === 'user' ? actor.principal : null;
  await db.transaction(async (tx) => {
    await recheckQuota(tx, exhibitorIds, plans, known.quota);
    const now = new Date();
    for (let i = 0; i < plans.length; i += WRITE_CHUNK) {
      ctx.checkpoint();
      const chunk = plans.slice(i, i + WRITE_CHUNK);
      const inserted = await tx
        .insert(product)
        .values(chunk.map((p) => ({ ...p.values, auditState: AuditState.Approved, submitAt: now, auditAt: now })))
        .returning({ id: product.id, exhibitorId: product.exhibitorId, name: product.name, nameEn: product.nameEn, pictures: product.pictures, view3dUrl: product.view3dUrl, introduction: product.introduction, introductionEn: product.introductionEn });
      await tx.insert(auditRecord).values(
        inserted.map((r) => ({
          type: 'product',
          targetId: r.id,
          exhibitionId,
          hostId,
          exhibitorId: r.exhibitorId,
          state: AuditState.Approved,
          title: r.name,
          snapshot: { name: r.name, nameEn: r.nameEn, pictures: r.pictures, video: null, view3DUrl: r.view3dUrl, introduction: r.introduction, introductionEn: r.introductionEn },
          submittedBy: user?.userId ?? null,
          submittedByName: user?.userName ?? null,
          decidedBy: user?.userId ?? null,
          decidedByName: user?.userName ?? null,
          decidedAt: now,
        })),
      );
      const done = Math.min(plans.length, i + WRITE_CHUNK);
      ctx.progress({ processed: done, total: plans.length, percent: 50 + (48 * done) / plans.length });
    }
    for (const id of exhibitorIds) await refreshProCount(tx, id);
    await writeOpLog(tx, actor, {
      action: 'product.import',
      targetType: 'backgroundJob',
      targetId: job.id,
      hostId,
      after: { exhibitionId, file: fileName, rows: summary.rows, created: summary.created, exhibitors: summary.exhibitors },
    });
    ctx.progress({ processed: plans.length, total: plans.length, percent: 99 });
    await ctx.finish(tx, { result: summary });
  });
};

/**
 * The quota again under the exhibitors' row locks (the lock a single create takes), so products
 * added while the rows were checked cannot push an exhibitor over it.
 */
async function recheckQuota(tx: Executor, exhibitorIds: string[], plans: Plan[], quota: number) {
  if (!exhibitorIds.length) return;
  await tx.select({ id: exhibitor.id }).from(exhibitor).where(inArray(exhibitor.id, exhibitorIds)).orderBy(exhibitor.id).for('update');
  const counts = await tx
    .select({ exhibitorId: product.exhibitorId, n: count() })
    .from(product)
    .where(and(inArray(product.exhibitorId, exhibitorIds), isNull(product.deletedAt)))
    .groupBy(product.exhibitorId);
  const adding = new Map<string, number>();
  for (const p of plans) adding.set(p.exhibitorId, (adding.get(p.exhibitorId) ?? 0) + 1);
  const now = new Map(counts.map((c) => [c.exhibitorId, c.n]));
  if ([...adding].some(([id, n]) => (now.get(id) ?? 0) + n > quota)) throw new JobError(ErrorCode.ProductLimit, { max: quota });
}
