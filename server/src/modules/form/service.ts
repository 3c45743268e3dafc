import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  ErrorCode,
  formDefinitionIssues,
  formItem,
  formIssueMessage,
  FormType,
  SettingType,
  validateFormAnswers,
  type FormAnswers,
  type FormDefinition,
  type FormItem,
  type FormWrite,
  type SaveFormBody,
} from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound, type FieldIssue } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { activity } from '../activity/tables.ts';
import { category } from '../category/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { visibleExhibition, writableExhibition } from '../exhibition/service.ts';
import { defaultFormItems } from '../settings/forms.ts';
import { readSettingRow, writeSettingRow } from '../settings/service.ts';
import { findGroup } from '../visitorgroup/service.ts';
import { z } from 'zod';
import { formWriteScope } from './scope.ts';
import { formWrite } from './tables.ts';

/** The top-level categories of the exhibition's host, as form options (the default interest items). */
async function categoryOptions(db: Executor, exhibitionId: string, english: boolean) {
  const rows = await db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn })
    .from(category)
    .innerJoin(exhibition, eq(exhibition.hostId, category.hostId))
    .where(and(eq(exhibition.id, exhibitionId), eq(category.level, 1), isNull(category.deletedAt)))
    .orderBy(asc(category.showIndex), asc(category.createdAt));
  return rows.map((r) => ({ label: english ? (r.nameEn ?? r.name) : r.name, value: r.id }));
}

const storedItems = z.array(formItem);
const key = (itemId: string, formType: number) => ({ type: SettingType.FormControl, scope: itemId, name: String(formType) });

/** The visitor-group form types: a group has its own Chinese and English registration forms. */
const groupFormTypes: number[] = [FormType.VisitorZh, FormType.VisitorEn];

/** The exhibition a form's item belongs to: the exhibition itself, or a visitor group's exhibition (docs/visitor-groups.md). */
export async function exhibitionOfItem(db: Executor, itemId: string): Promise<{ exhibitionId: string; group: boolean; activity?: boolean }> {
  const found = await findGroup(db, itemId);
  if (found) return { exhibitionId: found.exhibitionId, group: true };
  // An activity's registration form (form type ActivityReg, docs/activities.md) belongs to the activity's exhibition.
  const [act] = await db.select({ exhibitionId: activity.exhibitionId }).from(activity).where(and(eq(activity.id, itemId), isNull(activity.deletedAt))).limit(1);
  return act ? { exhibitionId: act.exhibitionId, group: false, activity: true } : { exhibitionId: itemId, group: false };
}

/**
 * The form of an item (the exhibition or a visitor group): the one the host saved; for a group without
 * one, the exhibition's form of that type; else the defaults of part 2 §3. Both `/api/v3/form` and the
 * form-control read answer this. No tenancy check: callers load the item first.
 */
export async function readForm(db: Executor, itemId: string, formType: number): Promise<FormDefinition> {
  const saved = await readSettingRow(db, key(itemId, formType));
  const parsed = storedItems.safeParse((saved?.value as { formItems?: unknown } | undefined)?.formItems);
  if (parsed.success) return { itemId, formType, formItems: parsed.data };
  const found = await findGroup(db, itemId);
  if (found) return { ...(await readForm(db, found.exhibitionId, formType)), itemId };
  return { itemId, formType, formItems: defaultFormItems(formType, await categoryOptions(db, itemId, formType === FormType.VisitorEn)) };
}

/** The form's item, readable by the principal (an exhibitor: its exhibition's forms; a group's: its host). */
export async function readVisibleForm(db: Executor, p: UserPrincipal, itemId: string, formType: number) {
  const item = await exhibitionOfItem(db, itemId);
  await (item.group ? writableExhibition : visibleExhibition)(db, p, item.exhibitionId);
  if (item.group && !groupFormTypes.includes(formType)) throw notFound('form');
  return readForm(db, itemId, formType);
}

/**
 * Replaces the whole item list of a form. Refused by field: what `formDefinitionIssues` finds, and a
 * locked default item (name and mobile of the Chinese visitor form) removed, retyped or with fewer checks.
 * Only the default's items can be locked; the order sent becomes showIndex 1..n.
 */
export async function saveForm(ctx: WriteContext, body: SaveFormBody): Promise<FormDefinition> {
  const { tx, principal: p, actor } = ctx;
  const item = await exhibitionOfItem(tx, body.itemId);
  const exh = await writableExhibition(tx, p, item.exhibitionId);
  const issues: FieldIssue[] = formDefinitionIssues(body.formItems).map((i) => ({ field: i.path, issue: i.issue }));
  if (item.group && !groupFormTypes.includes(body.formType)) issues.push({ field: 'formType', issue: 'invalid' });
  if (Boolean(item.activity) !== (body.formType === FormType.ActivityReg)) issues.push({ field: 'formType', issue: 'invalid' });
  const lockedDefaults = defaultFormItems(body.formType, []).filter((i) => i.locked);
  for (const def of lockedDefaults) {
    const at = body.formItems.findIndex((i) => i.name === def.name);
    const mine = body.formItems[at];
    const lostCheck = mine && (Object.keys(def.attributes.checkOptions) as (keyof FormItem['attributes']['checkOptions'])[]).some((k) => def.attributes.checkOptions[k] === true && mine.attributes.checkOptions[k] !== true);
    if (!mine || mine.tagType !== def.tagType || lostCheck || mine.showWhen) issues.push({ field: at < 0 ? 'formItems' : `formItems.${at}`, issue: 'formItemLocked', params: { field: def.label } });
  }
  if (issues.length) throw new AppError(ErrorCode.ValidationFailed, {}, undefined, undefined, issues);
  const lockedNames = new Set(lockedDefaults.map((i) => i.name));
  const formItems = body.formItems.map((i, n) => ({ ...i, showIndex: n + 1, locked: lockedNames.has(i.name), showWhen: i.showWhen ?? null }));
  const { before } = await writeSettingRow(tx, { ...key(body.itemId, body.formType), displayName: `form ${body.formType}`, hostId: exh.hostId, exhibitionId: exh.id }, () => ({ formItems }));
  await writeOpLog(tx, actor, { action: 'form.update', targetType: 'exhibition', targetId: exh.id, hostId: exh.hostId, before: before?.value ?? null, after: { itemId: body.itemId, formType: body.formType, formItems } });
  return { itemId: body.itemId, formType: body.formType, formItems };
}

export type AnswerError = { name: string; label: string; message: string };

/**
 * The answers checked against the form (the contract's one description): the values to keep and
 * the errors, each naming the item's label, worded in `lang`.
 */
export function validateAnswers(form: FormDefinition, answers: FormAnswers, lang: Lang): { values: FormAnswers; errors: AnswerError[] } {
  const { values, errors } = validateFormAnswers(form.formItems, answers, { international: form.formType === FormType.VisitorEn });
  return { values, errors: errors.map((e) => ({ name: e.name, label: e.label, message: formIssueMessage(e.issue, e.label, lang) })) };
}

const toFormWrite = (r: typeof formWrite.$inferSelect): FormWrite => ({
  id: r.id,
  userId: r.userId,
  itemId: r.itemId,
  formType: r.formType,
  answers: r.answers as FormAnswers,
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/**
 * Stores a user's answers to a form (registration calls it): validated on the server against the
 * stored form, hidden items' answers dropped; a second write replaces the first. A 400 names each item by its label.
 */
export async function writeAnswers(
  tx: Executor,
  target: { userId: string; itemId: string; formType: number },
  answers: FormAnswers,
  opts: { secret?: string[] } = {},
): Promise<FormWrite> {
  const form = await readForm(tx, target.itemId, target.formType);
  const { exhibitionId } = await exhibitionOfItem(tx, target.itemId);
  const { values, errors } = validateFormAnswers(form.formItems, answers, { international: target.formType === FormType.VisitorEn });
  if (errors.length) throw new AppError(ErrorCode.ValidationFailed, {}, undefined, undefined, errors.map((e) => ({ field: e.name, issue: e.issue, params: { field: e.label } })));
  // Checked like any answer but never stored (the English visitor form's password becomes the login's hash).
  for (const name of opts.secret ?? []) delete values[name];
  const [row] = await tx
    .insert(formWrite)
    .values({ userId: target.userId, itemId: target.itemId, formType: target.formType, exhibitionId, answers: values })
    .onConflictDoUpdate({ target: [formWrite.userId, formWrite.itemId, formWrite.formType], set: { answers: values, updatedAt: new Date() } })
    .returning();
  return toFormWrite(row!);
}

/** A user's answers: the host of the exhibition reads its visitors', a user only its own; anything else is 404. */
export async function readAnswers(db: Executor, p: UserPrincipal, q: { itemId: string; formType: number; userId: string }): Promise<FormWrite> {
  const [row] = await db
    .select()
    .from(formWrite)
    .where(and(formWriteScope(p), eq(formWrite.itemId, q.itemId), eq(formWrite.formType, q.formType), eq(formWrite.userId, q.userId)))
    .limit(1);
  if (!row) throw notFound('formWrite');
  return toFormWrite(row);
}
