import { z } from 'zod';
import { cacheBuster, id } from './envelope.ts';
import { formItem, TagType, type FormItem } from './settings.ts';

/**
 * The form builder (part 2 §3, docs/forms.md): the one description of a form's checks. The server
 * validates saved forms and submitted answers with it; the web renderer validates as the visitor types.
 */

/** `formType` of `/api/v3/form`: the three registration forms of the form-control read, and the exhibition survey (ours). */
export const FormType = { VisitorZh: 1, VisitorEn: 2, Exhibitor: 3, Survey: 4, ActivityReg: 5 } as const;
export type FormType = (typeof FormType)[keyof typeof FormType];
export const formTypes = Object.values(FormType);
const formType = z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]));

export const formQuery = z.object({ itemId: id, formType }).extend(cacheBuster.shape);
export const formWriteQuery = z.object({ itemId: id, formType, userId: id }).extend(cacheBuster.shape);
export const formDefinition = z.object({ itemId: id, formType: z.number().int(), formItems: z.array(formItem) });
export type FormDefinition = z.infer<typeof formDefinition>;
export const saveFormBody = z.object({ itemId: id, formType, formItems: z.array(formItem).min(1).max(100) });
export type SaveFormBody = z.infer<typeof saveFormBody>;
export const formWrite = z.object({ id, userId: id, itemId: id, formType: z.number().int(), answers: z.record(z.string(), z.unknown()), createAt: z.string(), updateAt: z.string() });
export type FormWrite = z.infer<typeof formWrite>;

export const knownTagTypes: number[] = Object.values(TagType);
/** Items that ask for a choice among their options. */
export const optionTagTypes: number[] = [TagType.Select, TagType.Radio, TagType.Checkbox];

/** Limits of a custom pattern (checkOptions.reg with `other`): see docs/forms.md "Custom patterns". */
export const PATTERN_MAX = 200;
export const PATTERN_INPUT_MAX = 200;
const TEXT_MAX: Record<number, number> = { [TagType.Input]: 500, [TagType.Textarea]: 5000 };
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/**
 * Why a custom pattern cannot be used, or null. Refused: over PATTERN_MAX, not a JavaScript regular
 * expression, a back-reference, or a quantified group that itself holds a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`): the shapes that backtrack catastrophically.
 */
export function patternProblem(pattern: string): 'patternTooLong' | 'patternInvalid' | 'patternUnsafe' | null {
  if (pattern.length > PATTERN_MAX) return 'patternTooLong';
  try {
    new RegExp(pattern);
  } catch {
    return 'patternInvalid';
  }
  type Frame = { quant: boolean; alt: boolean };
  const stack: Frame[] = [{ quant: false, alt: false }];
  const isQuant = (i: number) => pattern[i] === '*' || pattern[i] === '+' || pattern[i] === '?' || (pattern[i] === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)));
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const top = stack[stack.length - 1]!;
    if (c === '\\') {
      if (/[1-9k]/.test(pattern[i + 1] ?? '')) return 'patternUnsafe';
      i++;
    } else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') {
      stack.push({ quant: false, alt: false });
      if (pattern[i + 1] === '?') i += pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!' ? pattern.indexOf('>', i) - i : 2;
    } else if (c === ')') {
      const group = stack.length > 1 ? stack.pop()! : top;
      const quantified = isQuant(i + 1);
      if (quantified && (group.quant || group.alt)) return 'patternUnsafe';
      const parent = stack[stack.length - 1]!;
      parent.quant ||= group.quant || quantified;
    } else if (c === '|') {
      top.alt = true;
    } else if (isQuant(i)) {
      top.quant = true;
      if (c === '{') i = pattern.indexOf('}', i);
      if (pattern[i + 1] === '?') i++;
    }
  }
  return null;
}

export type FormDefinitionIssue = { path: string; issue: 'taken' | 'invalid' | 'required' | 'dateRangeChildren' | 'optionsRequired' | 'patternTooLong' | 'patternInvalid' | 'patternUnsafe' | 'showWhenUnknown' };

/** What is wrong with a form as the host saves it (besides its locked items, which the server knows). */
export function formDefinitionIssues(items: FormItem[]): FormDefinitionIssue[] {
  const issues: FormDefinitionIssue[] = [];
  const names = new Set<string>();
  items.forEach((item, i) => {
    const at = (field: string) => `formItems.${i}.${field}`;
    if (!NAME.test(item.name)) issues.push({ path: at('name'), issue: 'invalid' });
    else if (names.has(item.name)) issues.push({ path: at('name'), issue: 'taken' });
    names.add(item.name);
    if (!item.label.trim() || item.label.length > 200) issues.push({ path: at('label'), issue: item.label.trim() ? 'invalid' : 'required' });
    if (!knownTagTypes.includes(item.tagType)) issues.push({ path: at('tagType'), issue: 'invalid' });
    if (item.tagType === TagType.DateRange && item.childrens?.length !== 2) issues.push({ path: at('childrens'), issue: 'dateRangeChildren' });
    const options = item.attributes.options;
    if (optionTagTypes.includes(item.tagType) && (!options.length || options.some((o) => !o.value.trim() || !o.label.trim()))) issues.push({ path: at('attributes.options'), issue: 'optionsRequired' });
    if (new Set(options.map((o) => o.value)).size !== options.length) issues.push({ path: at('attributes.options'), issue: 'taken' });
    const check = item.attributes.checkOptions;
    if (check.reg) {
      const problem = check.other ? patternProblem(check.other) : 'patternInvalid';
      if (problem) issues.push({ path: at('attributes.checkOptions.other'), issue: problem });
    }
  });
  items.forEach((item, i) => {
    if (!item.showWhen) return;
    const target = items.find((o) => o.name === item.showWhen!.name);
    if (!target || target === item || !item.showWhen.values.length) issues.push({ path: `formItems.${i}.showWhen`, issue: 'showWhenUnknown' });
  });
  return issues;
}

export type FormIssue = 'required' | 'email' | 'phone' | 'pattern' | 'number' | 'option' | 'date' | 'dateOrder' | 'tooLong' | 'invalid';
export type FormAnswerError = { name: string; label: string; issue: FormIssue };
export type FormAnswers = Record<string, unknown>;
/** `international`: the English form takes any international number, the Chinese one a mainland mobile. */
export type FormCheckOptions = { international: boolean };

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;
const CN_MOBILE = /^1[3-9]\d{9}$/;
const INTL_PHONE = /^\+?[0-9][0-9 -]{5,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === ''));
const strings = (v: unknown): string[] | null => (Array.isArray(v) ? (v.every((x) => typeof x === 'string') ? (v as string[]) : null) : typeof v === 'string' ? [v] : null);
const validDate = (v: unknown) => typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10)));

/** Whether a conditional item shows, given the answers so far (its controlling item must show too). */
export function itemVisible(item: FormItem, items: FormItem[], answers: FormAnswers, seen = new Set<string>()): boolean {
  const when = item.showWhen;
  if (!when) return true;
  const target = items.find((o) => o.name === when.name);
  if (!target || seen.has(item.name)) return false;
  seen.add(item.name);
  if (!itemVisible(target, items, answers, seen)) return false;
  const answer = strings(answers[when.name]) ?? [];
  return answer.some((a) => when.values.includes(a));
}

/** The first problem of one item's answer, or null. */
export function checkFormItem(item: FormItem, value: unknown, opts: FormCheckOptions): FormIssue | null {
  const check = item.attributes.checkOptions;
  if (item.tagType === TagType.Text) return null;
  if (isEmpty(value)) return check.require ? 'required' : null;
  const options = item.attributes.options.map((o) => o.value);
  switch (item.tagType) {
    case TagType.Input:
    case TagType.Textarea: {
      if (typeof value !== 'string') return 'invalid';
      const v = value.trim();
      if (v.length > TEXT_MAX[item.tagType]!) return 'tooLong';
      if (check.email && !EMAIL.test(v)) return 'email';
      if (check.phone && !(opts.international ? INTL_PHONE : CN_MOBILE).test(v)) return 'phone';
      if (check.reg && check.other) {
        if (v.length > PATTERN_INPUT_MAX) return 'tooLong';
        if (patternProblem(check.other) || !new RegExp(check.other).test(v)) return 'pattern';
      }
      return null;
    }
    case TagType.Number:
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) ? null : 'number';
    case TagType.Select:
    case TagType.Radio:
      return typeof value === 'string' && options.includes(value) ? null : 'option';
    case TagType.Checkbox: {
      const list = strings(value);
      return list && Array.isArray(value) && list.every((v) => options.includes(v)) ? null : 'option';
    }
    case TagType.Date:
      return validDate(value) ? null : 'date';
    case TagType.DateRange: {
      if (!Array.isArray(value) || value.length !== 2 || !value.every(validDate)) return 'date';
      return String(value[0]) <= String(value[1]) ? null : 'dateOrder';
    }
    case TagType.Cascade: {
      const list = strings(value);
      if (!list || list.length > 20 || list.some((v) => v.length > 100)) return 'invalid';
      return options.length && !list.every((v) => options.includes(v)) ? 'option' : null;
    }
    default:
      return 'invalid';
  }
}

/**
 * The answers checked against the form: the errors (first per item, visible items only) and the
 * values to keep (hidden items' and descriptive texts' answers dropped, unknown names dropped, text trimmed).
 */
export function validateFormAnswers(items: FormItem[], answers: FormAnswers, opts: FormCheckOptions): { values: FormAnswers; errors: FormAnswerError[] } {
  const values: FormAnswers = {};
  const errors: FormAnswerError[] = [];
  for (const item of [...items].sort((a, b) => a.showIndex - b.showIndex)) {
    if (item.tagType === TagType.Text || !itemVisible(item, items, answers)) continue;
    const value = answers[item.name];
    const issue = checkFormItem(item, value, opts);
    if (issue) errors.push({ name: item.name, label: item.label, issue });
    else if (!isEmpty(value)) values[item.name] = item.tagType === TagType.Number ? Number(value) : typeof value === 'string' ? value.trim() : value;
  }
  return { values, errors };
}

/** The answers' schema for a form (zod), for callers that parse: the same checks as validateFormAnswers. */
export function formAnswersSchema(items: FormItem[], opts: FormCheckOptions) {
  return z.record(z.string(), z.unknown()).transform((answers, ctx) => {
    const { values, errors } = validateFormAnswers(items, answers, opts);
    for (const e of errors) ctx.addIssue({ code: 'custom', path: [e.name], message: e.issue });
    return values;
  });
}

type Lang = 'zh-CN' | 'en';
/** The sentences of every form issue; `{field}` is the item's label (or a field path for a saved form's issues). */
export const formIssueText: Record<FormIssue | FormDefinitionIssue['issue'], Record<Lang, string>> = {
  required: { 'zh-CN': '请填写{field}', en: '{field} is required' },
  email: { 'zh-CN': '{field}不是有效的邮箱地址', en: '{field} is not a valid e-mail address' },
  phone: { 'zh-CN': '{field}不是有效的手机号', en: '{field} is not a valid phone number' },
  pattern: { 'zh-CN': '{field}格式不正确', en: '{field} has the wrong format' },
  number: { 'zh-CN': '{field}应为数字', en: '{field} must be a number' },
  option: { 'zh-CN': '{field}的选项无效', en: '{field}: choose one of the options' },
  date: { 'zh-CN': '{field}不是有效的日期', en: '{field} is not a valid date' },
  dateOrder: { 'zh-CN': '{field}的开始时间不能晚于结束时间', en: '{field}: the start must not be after the end' },
  tooLong: { 'zh-CN': '{field}内容过长', en: '{field} is too long' },
  invalid: { 'zh-CN': '{field}无效', en: '{field} is invalid' },
  taken: { 'zh-CN': '{field}重复', en: '{field} is used twice' },
  dateRangeChildren: { 'zh-CN': '{field}：日期范围需要开始和结束两个子项', en: '{field}: a date range needs two children (start and end)' },
  optionsRequired: { 'zh-CN': '{field}：请填写选项（每项都要有名称和值）', en: '{field}: add the options (each with a label and a value)' },
  patternTooLong: { 'zh-CN': `{field}：自定义校验规则不能超过 ${PATTERN_MAX} 个字符`, en: `{field}: a custom pattern is at most ${PATTERN_MAX} characters` },
  patternInvalid: { 'zh-CN': '{field}：自定义校验规则不是有效的正则表达式', en: '{field}: the custom pattern is not a valid regular expression' },
  patternUnsafe: {
    'zh-CN': '{field}：自定义校验规则含有嵌套重复或反向引用，可能导致校验超时',
    en: '{field}: the custom pattern nests repetitions or uses a back-reference, which can make checking hang',
  },
  showWhenUnknown: { 'zh-CN': '{field}：显示条件引用的表单项不存在', en: '{field}: the display condition names no other item' },
};

export function formIssueMessage(issue: keyof typeof formIssueText, field: string, lang: string): string {
  return formIssueText[issue][lang.startsWith('en') ? 'en' : 'zh-CN'].replace('{field}', field);
}
