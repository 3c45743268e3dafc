import { describe, expect, it } from 'vitest';
import { formAnswersSchema, formDefinitionIssues, formIssueMessage, itemVisible, patternProblem, validateFormAnswers, PATTERN_MAX } from './form.ts';
import { TagType, type FormItem } from './settings.ts';

const item = (name: string, tagType: number, extra: Partial<FormItem> & { check?: Partial<FormItem['attributes']['checkOptions']>; options?: string[] } = {}): FormItem => ({
  tagType,
  label: name.toUpperCase(),
  name,
  showIndex: 0,
  locked: false,
  attributes: {
    placeholder: '',
    checkOptions: { require: false, email: false, phone: false, reg: false, other: '', ...extra.check },
    options: (extra.options ?? []).map((v) => ({ label: v, value: v })),
    setTime: null,
    value: null,
  },
  ...(extra.childrens ? { childrens: extra.childrens } : {}),
  ...(extra.showWhen ? { showWhen: extra.showWhen } : {}),
});
const zh = { international: false };
const issues = (items: FormItem[], answers: Record<string, unknown>, opts = zh) => validateFormAnswers(items, answers, opts).errors.map((e) => `${e.name}:${e.issue}`);

describe('form answers', () => {
  it('requires, checks e-mail and phone (mainland on the Chinese form, international on the English one)', () => {
    const form = [item('name', TagType.Input, { check: { require: true } }), item('email', TagType.Input, { check: { email: true } }), item('mobile', TagType.Input, { check: { phone: true } })];
    expect(issues(form, { name: ' ', email: 'a@b', mobile: '12345' })).toEqual(['name:required', 'email:email', 'mobile:phone']);
    expect(issues(form, { name: '王', email: 'a@b.cn', mobile: '13800138000' })).toEqual([]);
    expect(issues(form, { name: 'Ann', mobile: '+44 20 7946 0958' })).toEqual(['mobile:phone']);
    expect(issues(form, { name: 'Ann', mobile: '+44 20 7946 0958' }, { international: true })).toEqual([]);
    expect(issues(form, { name: 'x'.repeat(501) })).toEqual(['name:tooLong']);
  });
  it('applies a custom pattern, numbers, options, dates and date ranges', () => {
    const form = [
      item('code', TagType.Input, { check: { reg: true, other: '^[A-Z]{2}\\d{4}$' } }),
      item('size', TagType.Number),
      item('kind', TagType.Radio, { options: ['a', 'b'] }),
      item('many', TagType.Checkbox, { options: ['a', 'b'] }),
      item('day', TagType.Date),
      item('stay', TagType.DateRange, { childrens: [item('start', TagType.Date), item('end', TagType.Date)] }),
    ];
    expect(issues(form, { code: 'ab12', size: 'ten', kind: 'c', many: ['a', 'z'], day: '2026-13-45', stay: ['2026-05-02', '2026-05-01'] })).toEqual([
      'code:pattern',
      'size:number',
      'kind:option',
      'many:option',
      'day:date',
      'stay:dateOrder',
    ]);
    const ok = validateFormAnswers(form, { code: 'AB1234', size: '12', kind: 'a', many: ['a', 'b'], day: '2026-05-01', stay: ['2026-05-01', '2026-05-02'], stray: 1 }, zh);
    expect(ok.errors).toEqual([]);
    expect(ok.values).toEqual({ code: 'AB1234', size: 12, kind: 'a', many: ['a', 'b'], day: '2026-05-01', stay: ['2026-05-01', '2026-05-02'] });
    expect(issues(form, { code: 'A'.repeat(201) })).toEqual(['code:tooLong']);
  });
  it('shows a conditional item only on its answers: hidden ones are not checked and their answers dropped', () => {
    const form = [item('role', TagType.Radio, { options: ['buyer', 'media'] }), item('outlet', TagType.Input, { check: { require: true }, showWhen: { name: 'role', values: ['media'] } })];
    expect(itemVisible(form[1]!, form, { role: 'buyer' })).toBe(false);
    expect(validateFormAnswers(form, { role: 'buyer', outlet: 'kept?' }, zh)).toEqual({ values: { role: 'buyer' }, errors: [] });
    expect(issues(form, { role: 'media' })).toEqual(['outlet:required']);
    expect(formAnswersSchema(form, zh).safeParse({ role: 'media' }).success).toBe(false);
  });
  it('words an issue with the item label in the caller language', () => {
    expect(formIssueMessage('required', '姓名', 'zh-CN')).toBe('请填写姓名');
    expect(formIssueMessage('email', 'E-mail', 'en')).toBe('E-mail is not a valid e-mail address');
  });
});

describe('custom patterns', () => {
  it('refuses nested quantifiers, quantified alternations, back-references, long and broken patterns', () => {
    for (const p of ['(a+)+$', '(a*)*', '(a|aa)+', '(\\d+\\s?)+$', '(x)\\1', '(?<n>a)\\k<n>']) expect(patternProblem(p), p).toBe('patternUnsafe');
    expect(patternProblem('a'.repeat(PATTERN_MAX + 1))).toBe('patternTooLong');
    expect(patternProblem('([a-z')).toBe('patternInvalid');
    for (const p of ['^[A-Z]{2}\\d{4}$', '^(?:\\+86)?1\\d{10}$', '^(a|b)$', '^[(+*)]+$', '^\\(\\d+\\)+$']) expect(patternProblem(p), p).toBeNull();
  });
  it('checks a saved form: unique names, known tag types, date range children, options, patterns, conditions', () => {
    const form = [
      item('a', TagType.Input, { check: { reg: true, other: '(a+)+' } }),
      item('a', 99),
      item('r', TagType.DateRange),
      item('s', TagType.Select),
      item('c', TagType.Input, { showWhen: { name: 'nobody', values: ['x'] } }),
    ];
    expect(formDefinitionIssues(form).map((i) => `${i.path}:${i.issue}`)).toEqual([
      'formItems.0.attributes.checkOptions.other:patternUnsafe',
      'formItems.1.name:taken',
      'formItems.1.tagType:invalid',
      'formItems.2.childrens:dateRangeChildren',
      'formItems.3.attributes.options:optionsRequired',
      'formItems.4.showWhen:showWhenUnknown',
    ]);
  });
});
