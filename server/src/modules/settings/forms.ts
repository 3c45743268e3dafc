import { FormControlType, FormType, TagType, type FormItem } from '@pavilion/contract';

/**
 * The form-builder defaults of part 2 §3: visitor registration in Chinese and in English, and
 * exhibitor registration; and ours for the exhibition survey (docs/forms.md). The category fields take their options from the host's top-level
 * categories when the form is read.
 */
type Option = { label: string; value: string };
type Check = Partial<FormItem['attributes']['checkOptions']>;

const item = (showIndex: number, name: string, label: string, tagType: number, opts: { placeholder?: string; check?: Check; locked?: boolean; options?: Option[]; childrens?: FormItem[] } = {}): FormItem => ({
  tagType,
  label,
  name,
  showIndex,
  locked: opts.locked ?? false,
  attributes: {
    placeholder: opts.placeholder ?? '',
    checkOptions: { require: false, email: false, phone: false, reg: false, other: '', ...opts.check },
    options: opts.options ?? [],
    setTime: null,
    value: null,
  },
  ...(opts.childrens ? { childrens: opts.childrens } : {}),
});
const required = { require: true };

export function defaultFormItems(formControlType: number, categories: Option[]): FormItem[] {
  switch (formControlType) {
    case FormControlType.VisitorZh:
      return [
        item(1, 'name', '姓名', TagType.Input, { placeholder: '请输入姓名', check: required, locked: true }),
        item(2, 'mobile', '手机号', TagType.Input, { placeholder: '请输入手机号', check: { require: true, phone: true }, locked: true }),
        item(3, 'email', '邮箱', TagType.Input, { placeholder: '请输入邮箱', check: { email: true } }),
        item(4, 'company', '公司名称', TagType.Input, { placeholder: '请输入公司名称', check: required }),
        item(5, 'jobTitle', '职位', TagType.Input, { placeholder: '请输入职位', check: required }),
        item(6, 'city', '所在城市', TagType.Cascade, {
          check: required,
          childrens: [item(1, 'province', '省', TagType.Select), item(2, 'city', '市', TagType.Select), item(3, 'district', '区', TagType.Select)],
        }),
        item(7, 'interest', '感兴趣的品类', TagType.Cascade, { check: required, options: categories }),
      ];
    case FormControlType.VisitorEn:
      return [
        item(1, 'name', 'Name', TagType.Input, { placeholder: 'Your name', check: required }),
        item(2, 'email', 'E-mail', TagType.Input, { placeholder: 'Your e-mail', check: { require: true, email: true } }),
        item(3, 'password', 'Password', TagType.Input, { placeholder: 'Password', check: required }),
        item(4, 'company', 'Company', TagType.Input, { placeholder: 'Company name', check: required }),
        item(5, 'jobTitle', 'Job title', TagType.Input, { placeholder: 'Job title', check: required }),
        item(6, 'mobile', 'Mobile', TagType.Input, { placeholder: 'Mobile number', check: { phone: true } }),
        item(7, 'region', 'Country / region', TagType.Cascade),
        item(8, 'interest', 'Interest', TagType.Cascade, { options: categories }),
      ];
    case FormType.Survey:
      return [
        item(1, 'source', '您从哪里得知本次展会', TagType.Radio, {
          check: required,
          options: [
            { label: '展会官网', value: 'website' },
            { label: '朋友推荐', value: 'friend' },
            { label: '社交媒体', value: 'social' },
            { label: '其他', value: 'other' },
          ],
        }),
        item(2, 'suggestion', '您的意见和建议', TagType.Textarea, { placeholder: '请输入' }),
      ];
    // An activity's form starts empty: the host adds what the activity needs (docs/activities.md).
    case FormType.ActivityReg:
      return [];
    default:
      return [
        item(1, 'name', '姓名', TagType.Input, { placeholder: '请输入姓名', check: required }),
        item(2, 'mobile', '手机号', TagType.Input, { placeholder: '请输入手机号', check: { require: true, phone: true } }),
        item(3, 'company', '公司名称', TagType.Input, { placeholder: '请输入公司名称', check: required }),
        item(4, 'category', '意向参展品类', TagType.Cascade, { check: required, options: categories }),
      ];
  }
}
