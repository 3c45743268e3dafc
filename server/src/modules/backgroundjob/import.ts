import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  AuditState,
  Role,
  exhibitorImportColumns,
  email as emailSchema,
  phoneNumber as phoneSchema,
  userName as userNameSchema,
  type ExhibitorImportColumn,
} from '@pavilion/contract';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Lang } from '../../http/i18n.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { userAccount } from '../account/tables.ts';
import { category } from '../category/tables.ts';
import { company, companyUser } from '../company/tables.ts';
import { exhibitor, exhibitorCategory } from '../exhibitor/tables.ts';
import { region } from '../reference/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { rowMessage } from './messages.ts';
import { columnLabel as labelOf, failWithReport, listOf, startSheetImport, type RowError as SheetRowError, type SourceRow as SheetRow } from './sheet-import.ts';
import { normalise } from './xlsx.ts';
import { jobActor } from './service.ts';

type Key = ExhibitorImportColumn;
type SourceRow = SheetRow<Key>;
type RowError = SheetRowError<Key>;

const LIMITS: Partial<Record<Key, number>> = { name: 200, nameEn: 200, region: 200, address: 500, boothInfo: 200, boothArea: 100, categories: 2000, phone: 30, email: 254, userName: 50 };
const columnLabel = (key: Key, lang: Lang) => labelOf(exhibitorImportColumns, key, lang);
const CONTACT_PHONE = /^[+0-9()\-\s]{5,30}$/;
/** A password no login can match: accounts made by an import sign in by code or reset their password first. */
const NO_PASSWORD = 'none$';
/** Square metres: a positive number with at most two decimals. */
const AREA = /^\d{1,6}(\.\d{1,2})?$/;

type RegionRow = { id: string; parentId: string | null; kind: string; name: string | null; nameEn: string | null };

/**
 * Resolves "省/市/区" (Chinese or English names, as the company form's region picker keeps them)
 * against the live location directory; answers the Chinese path stored in `company.region`, or
 * null when a level does not resolve. Null-name groups between levels are looked through.
 */
export function regionResolver(rows: readonly RegionRow[]) {
  const children = new Map<string | null, RegionRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const below = (id: string): RegionRow[] => (children.get(id) ?? []).flatMap((c) => (c.kind === 'group' ? below(c.id) : [c]));
  const provinces = rows.filter((r) => r.kind === 'province');
  const named = (r: RegionRow, part: string) => [r.name, r.nameEn].some((n) => n && normalise(n) === part);
  return (text: string): string | null => {
    const parts = text.split(/[/／]/).map((p) => normalise(p)).filter(Boolean);
    if (!parts.length || parts.length > 3) return null;
    const path: RegionRow[] = [];
    let level = provinces;
    for (const part of parts) {
      const hit = level.find((r) => named(r, part));
      if (!hit?.name) return null;
      path.push(hit);
      level = below(hit.id);
    }
    return path.map((r) => r.name).join('/');
  };
}

type Plan = {
  row: number;
  exhibitorId: string;
  newExhibitor: boolean;
  companyId: string;
  newCompany: boolean;
  company: { name?: string; nameEn?: string; region?: string; address?: string; phone?: string; email?: string };
  join: { boothInfo?: string; boothArea?: string };
  categoryIds?: string[];
  account?: { id: string; userName: string; phoneNumber: string | null; email: string | null };
};

type Known = {
  hostId: string;
  maxCategories: number;
  byId: Map<string, { exhibitorId: string; companyId: string }>;
  byName: Map<string, { exhibitorId: string; companyId: string }>;
  hostCompanies: Map<string, string>;
  categories: Map<string, string[]>;
  users: Map<string, { companies: string[] }>;
  phones: Set<string>;
  emails: Set<string>;
  region: (text: string) => string | null;
};

async function chunked<T, R>(items: T[], size: number, work: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await work(items.slice(i, i + size))));
  return out;
}

/** Everything the rows are checked against, read in a few queries whatever the file's size. */
async function loadKnown(db: Db, exhibitionId: string, hostId: string, rows: SourceRow[]): Promise<Known> {
  const { exhibitorCategoryNumber } = await getExhibitionSettings(db, exhibitionId);
  const joined = await db
    .select({ exhibitorId: exhibitor.id, companyId: company.id, name: company.name })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt), isNull(company.deletedAt)));
  const byId = new Map(joined.map((j) => [j.exhibitorId, j]));
  const byName = new Map<string, { exhibitorId: string; companyId: string }>();
  for (const j of joined) if (!byName.has(normalise(j.name))) byName.set(normalise(j.name), j);
  const companies = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(
      and(
        isNull(company.deletedAt),
        sql`${company.id} in (select e.company_id from exhibitor e join exhibition x on x.id = e.exhibition_id where x.host_id = ${hostId} and e.deleted_at is null and x.deleted_at is null)`,
      ),
    );
  const hostCompanies = new Map<string, string>();
  for (const c of companies) if (!hostCompanies.has(normalise(c.name))) hostCompanies.set(normalise(c.name), c.id);
  const cats = await db.select({ id: category.id, name: category.name, nameEn: category.nameEn }).from(category).where(and(eq(category.hostId, hostId), isNull(category.deletedAt)));
  const categories = new Map<string, string[]>();
  for (const c of cats)
    for (const n of new Set([c.name, c.nameEn].filter((x): x is string => !!x).map(normalise))) categories.set(n, [...(categories.get(n) ?? []), c.id]);

  const text = (k: Key) => [...new Set(rows.map((r) => r.values[k]?.text).filter((x): x is string => !!x))];
  const userNames = text('userName').map((u) => u.toLowerCase());
  const found = await chunked(userNames, 2000, (chunk) =>
    db
      .select({ name: sql<string>`lower(${userAccount.userName})`, companies: sql<string[] | null>`(select array_agg(cu.company_id) from company_user cu where cu.user_id = ${userAccount.id})` })
      .from(userAccount)
      .where(sql`lower(${userAccount.userName}) in ${chunk}`),
  );
  const users = new Map(found.map((u) => [u.name, { companies: u.companies ?? [] }]));
  const phones = new Set(
    (await chunked(text('phone'), 2000, (chunk) => db.select({ v: userAccount.phoneNumber }).from(userAccount).where(inArray(userAccount.phoneNumber, chunk)))).map((r) => r.v!),
  );
  const emails = new Set(
    (
      await chunked(
        text('email').map((e) => e.toLowerCase()),
        2000,
        (chunk) => db.select({ v: sql<string>`lower(${userAccount.email})` }).from(userAccount).where(sql`lower(${userAccount.email}) in ${chunk}`),
      )
    ).map((r) => r.v),
  );
  const anyRegion = rows.some((r) => r.values.region?.text);
  const regionRows = anyRegion
    ? await db
        .select({ id: region.id, parentId: region.parentId, kind: region.kind, name: region.name, nameEn: region.nameEn })
        .from(region)
        .where(and(isNull(region.deletedAt), inArray(region.kind, ['province', 'city', 'group', 'district'])))
    : [];
  return { hostId, maxCategories: exhibitorCategoryNumber, byId, byName, hostCompanies, categories, users, phones, emails, region: regionResolver(regionRows) };
}

/** Checks every row; answers the plan of writes and every error, in the job's language. */
function validate(rows: SourceRow[], known: Known, lang: Lang, onProgress: (i: number) => void) {
  const errors: RowError[] = [];
  const plans: Plan[] = [];
  const seenExhibitor = new Map<string, number>();
  const seenNewName = new Map<string, { row: number; companyId: string; exhibitorId: string }>();
  const seenUser = new Map<string, number>();
  const takenPhones = new Set(known.phones);
  const takenEmails = new Set(known.emails);

  rows.forEach((src, index) => {
    if (index % 1000 === 0) onProgress(index);
    const rowErrors: RowError[] = [];
    const fail = (column: Key | null, key: Parameters<typeof rowMessage>[0], params: Record<string, string | number> = {}) =>
      rowErrors.push({ row: src.row, column, message: rowMessage(key, lang, { column: column ? columnLabel(column, lang) : '', ...params }) });
    const value: Partial<Record<Key, string>> = {};
    for (const c of exhibitorImportColumns) {
      const cell = src.values[c.key];
      if (!cell) continue;
      if (cell.wrongType) fail(c.key, 'wrongType');
      else if (cell.text !== null) {
        const max = LIMITS[c.key];
        if (max && cell.text.length > max) fail(c.key, 'tooLong', { max });
        else value[c.key] = cell.text;
      }
    }

    let target: { exhibitorId: string; companyId: string } | null = null;
    if (value.id) {
      if (!z.uuid().safeParse(value.id).success) fail('id', 'format', { value: value.id });
      else {
        target = known.byId.get(value.id.toLowerCase()) ?? null;
        if (!target) fail('id', 'idNotFound', { value: value.id });
      }
    } else if (!value.name && !src.values.name?.wrongType) fail('name', 'required');
    if (!target && !value.id && value.name) target = known.byName.get(normalise(value.name)) ?? null;
    if (value.phone && !CONTACT_PHONE.test(value.phone)) fail('phone', 'format', { value: value.phone });
    if (value.email && !emailSchema.safeParse(value.email).success) fail('email', 'format', { value: value.email });
    let regionPath: string | undefined;
    if (value.region) {
      regionPath = known.region(value.region) ?? undefined;
      if (!regionPath) fail('region', 'regionUnknown', { value: value.region });
    }
    let boothArea: string | undefined;
    if (value.boothArea) {
      const area = value.boothArea.replace(/\s*(m2|m²|㎡|平方米|平米)$/i, '');
      if (!AREA.test(area) || Number(area) <= 0) fail('boothArea', 'notArea', { value: value.boothArea });
      else boothArea = String(Number(area));
    }

    let categoryIds: string[] | undefined;
    if (value.categories) {
      const names = listOf(value.categories);
      const ids: string[] = [];
      for (const n of names) {
        const found = known.categories.get(normalise(n));
        if (!found) fail('categories', 'categoryUnknown', { value: n });
        else if (found.length > 1) fail('categories', 'categoryAmbiguous', { value: n });
        else if (!ids.includes(found[0]!)) ids.push(found[0]!);
      }
      if (ids.length > known.maxCategories) fail('categories', 'tooManyCategories', { max: known.maxCategories });
      categoryIds = ids;
    }

    let exhibitorId: string;
    let companyId: string;
    let newExhibitor = false;
    let newCompany = false;
    if (target) {
      const earlier = seenExhibitor.get(target.exhibitorId);
      if (earlier !== undefined) fail(value.id ? 'id' : 'name', 'duplicate', { row: earlier });
      else seenExhibitor.set(target.exhibitorId, src.row);
      ({ exhibitorId, companyId } = target);
    } else {
      const norm = value.name ? normalise(value.name) : '';
      const earlier = seenNewName.get(norm);
      if (norm && earlier) fail('name', 'duplicate', { row: earlier.row });
      exhibitorId = crypto.randomUUID();
      newExhibitor = true;
      const existing = known.hostCompanies.get(norm);
      companyId = existing ?? crypto.randomUUID();
      newCompany = !existing;
      if (norm && !earlier) seenNewName.set(norm, { row: src.row, companyId, exhibitorId });
    }

    let account: Plan['account'];
    if (value.userName) {
      const lower = value.userName.toLowerCase();
      const earlier = seenUser.get(lower);
      const user = known.users.get(lower);
      if (!userNameSchema.safeParse(value.userName).success) fail('userName', 'format', { value: value.userName });
      else if (earlier !== undefined) fail('userName', 'duplicateUserName', { row: earlier });
      else if (user && !user.companies.includes(companyId)) fail('userName', 'userNameTaken', { value: value.userName });
      else if (!user) {
        const phone = value.phone?.replace(/[\s()-]/g, '');
        const phoneOk = phone && phoneSchema.safeParse(phone).success && !takenPhones.has(phone);
        const mail = value.email?.toLowerCase();
        const mailOk = mail && !takenEmails.has(mail) && emailSchema.safeParse(value.email).success;
        if (phoneOk) takenPhones.add(phone);
        if (mailOk) takenEmails.add(mail);
        account = { id: crypto.randomUUID(), userName: value.userName, phoneNumber: phoneOk ? phone : null, email: mailOk ? value.email! : null };
      }
      seenUser.set(lower, src.row);
    }

    if (rowErrors.length) {
      errors.push(...rowErrors);
      return;
    }
    plans.push({
      row: src.row,
      exhibitorId,
      newExhibitor,
      companyId,
      newCompany,
      // A name that only matched (spaces, case) keeps the stored spelling; an id match may rename.
      company: { name: target && !value.id ? undefined : value.name, nameEn: value.nameEn, region: regionPath, address: value.address, phone: value.phone, email: value.email },
      join: { boothInfo: value.boothInfo, boothArea },
      categoryIds,
      account,
    });
  });
  return { errors, plans };
}

const v = (s: string | undefined) => sql`${s ?? null}::text`;

/** Writes one chunk of planned rows: bulk statements, never one query per row. */
async function writeChunk(tx: Executor, exhibitionId: string, chunk: Plan[]) {
  const newCompanies = chunk.filter((p) => p.newCompany);
  if (newCompanies.length)
    await tx.insert(company).values(newCompanies.map((p) => ({ id: p.companyId, name: p.company.name!, nameEn: p.company.nameEn ?? null, region: p.company.region ?? null, address: p.company.address ?? null, phone: p.company.phone ?? null, email: p.company.email ?? null })));
  // A blank cell keeps what is stored: coalesce(sheet value, current value).
  const changedCompanies = chunk.filter((p) => !p.newCompany && Object.values(p.company).some((x) => x !== undefined));
  if (changedCompanies.length)
    await tx.execute(sql`update company c set
        name = coalesce(v.name, c.name), name_en = coalesce(v.name_en, c.name_en), region = coalesce(v.region, c.region),
        address = coalesce(v.address, c.address), phone = coalesce(v.phone, c.phone), email = coalesce(v.email, c.email), updated_at = now()
      from (values ${sql.join(
        changedCompanies.map((p) => sql`(${p.companyId}::uuid, ${v(p.company.name)}, ${v(p.company.nameEn)}, ${v(p.company.region)}, ${v(p.company.address)}, ${v(p.company.phone)}, ${v(p.company.email)})`),
        sql`, `,
      )}) as v(id, name, name_en, region, address, phone, email)
      where c.id = v.id`);
  const newJoins = chunk.filter((p) => p.newExhibitor);
  if (newJoins.length)
    await tx.insert(exhibitor).values(
      newJoins.map((p) => ({ id: p.exhibitorId, exhibitionId, companyId: p.companyId, boothInfo: p.join.boothInfo ?? null, boothArea: p.join.boothArea ?? null, auditState: AuditState.Approved })),
    );
  const changedJoins = chunk.filter((p) => !p.newExhibitor && (p.join.boothInfo !== undefined || p.join.boothArea !== undefined));
  if (changedJoins.length)
    await tx.execute(sql`update exhibitor e set booth_info = coalesce(v.booth_info, e.booth_info), booth_area = coalesce(v.booth_area, e.booth_area), updated_at = now()
      from (values ${sql.join(
        changedJoins.map((p) => sql`(${p.exhibitorId}::uuid, ${v(p.join.boothInfo)}, ${v(p.join.boothArea)})`),
        sql`, `,
      )}) as v(id, booth_info, booth_area)
      where e.id = v.id`);
  const tagged = chunk.filter((p) => p.categoryIds?.length);
  if (tagged.length) {
    await tx.delete(exhibitorCategory).where(inArray(exhibitorCategory.exhibitorId, tagged.map((p) => p.exhibitorId)));
    await tx.insert(exhibitorCategory).values(tagged.flatMap((p) => p.categoryIds!.map((categoryId, i) => ({ exhibitorId: p.exhibitorId, categoryId, showIndex: i }))));
  }
  const accounts = chunk.filter((p) => p.account);
  if (accounts.length) {
    await tx.insert(userAccount).values(accounts.map((p) => ({ id: p.account!.id, userName: p.account!.userName, role: Role.Exhibitor, passwordHash: NO_PASSWORD, phoneNumber: p.account!.phoneNumber, email: p.account!.email })));
    await tx.insert(companyUser).values(accounts.map((p) => ({ companyId: p.companyId, userId: p.account!.id }))).onConflictDoNothing();
  }
}

const WRITE_CHUNK = 500;

/** `exhibitor.import`: validate every row first; any broken row → a report and nothing written. */
export const importExhibitors: JobHandler = async (ctx) => {
  const { job, db, lang } = ctx;
  const { exhibitionId, hostId, rows, fileName, dryRun } = await startSheetImport(ctx, exhibitorImportColumns);
  const known = await loadKnown(db, exhibitionId, hostId, rows);
  const { errors, plans } = validate(rows, known, lang, (i) => ctx.progress({ processed: i, total: rows.length, percent: 5 + (45 * i) / rows.length }));
  ctx.checkpoint();
  const summary = {
    dryRun: dryRun,
    rows: rows.length,
    created: plans.filter((p) => p.newExhibitor).length,
    updated: plans.filter((p) => !p.newExhibitor).length,
    accounts: plans.filter((p) => p.account).length,
    errorCount: errors.length,
    invalidRows: new Set(errors.map((e) => e.row)).size,
  };

  if (errors.length) await failWithReport(ctx, exhibitorImportColumns, errors, { ...summary, created: 0, updated: 0, accounts: 0 });
  if (dryRun) return { result: summary };

  ctx.progress({ processed: 0, total: plans.length, percent: 50 });
  // One transaction: a failure (or a cancel) at any chunk rolls every chunk back.
  await db.transaction(async (tx) => {
    for (let i = 0; i < plans.length; i += WRITE_CHUNK) {
      ctx.checkpoint();
      await writeChunk(tx, exhibitionId, plans.slice(i, i + WRITE_CHUNK));
      const done = Math.min(plans.length, i + WRITE_CHUNK);
      ctx.progress({ processed: done, total: plans.length, percent: 50 + (50 * done) / plans.length });
    }
    await writeOpLog(tx, jobActor(job), {
      action: 'exhibitor.import',
      targetType: 'backgroundJob',
      targetId: job.id,
      hostId,
      after: { exhibitionId, file: fileName, rows: summary.rows, created: summary.created, updated: summary.updated, accounts: summary.accounts },
    });
    await ctx.finish(tx, { result: summary });
  });
};
