import { AuditState } from '@pavilion/contract';
import { fill, type Lang, type Text } from '../../http/i18n.ts';

/** Row messages of the import report, in the language of whoever started the import. */
export const rowText = {
  required: { 'zh-CN': '{column}不能为空', en: '{column} is required' },
  wrongType: { 'zh-CN': '{column}应为文本，不能是日期、布尔值或公式错误', en: '{column} must be text, not a date, a true/false value or a formula error' },
  tooLong: { 'zh-CN': '{column}长度不能超过 {max}', en: '{column} must be at most {max} characters' },
  format: { 'zh-CN': '{column}格式不正确：{value}', en: '{column} has the wrong format: {value}' },
  idNotFound: { 'zh-CN': '本展会没有该展商ID：{value}', en: 'No exhibitor with this id in this exhibition: {value}' },
  duplicate: { 'zh-CN': '与第 {row} 行是同一展商', en: 'Same exhibitor as row {row}' },
  duplicateUserName: { 'zh-CN': '登录用户名与第 {row} 行重复', en: 'Login user name repeats row {row}' },
  categoryUnknown: { 'zh-CN': '展品类别“{value}”不存在', en: 'Category "{value}" does not exist' },
  categoryAmbiguous: { 'zh-CN': '展品类别“{value}”有多个同名类别，请用英文名或更具体的名称', en: 'Category "{value}" names several categories; use a more specific name' },
  tooManyCategories: { 'zh-CN': '展品类别最多 {max} 个', en: 'At most {max} categories' },
  userNameTaken: { 'zh-CN': '登录用户名“{value}”已被其他账号使用', en: 'Login user name "{value}" is used by another account' },
  missingColumn: { 'zh-CN': '缺少必填列“{column}”', en: 'Required column "{column}" is missing' },
  regionUnknown: {
    'zh-CN': '{column}“{value}”不在地区目录中，请按“省/市/区”填写，如 浙江省/杭州市',
    en: '{column} "{value}" is not in the location directory; write province/city/district, e.g. Zhejiang/Hangzhou',
  },
  notArea: { 'zh-CN': '{column}应为平方米数，如 36：{value}', en: '{column} must be a number of square metres, e.g. 36: {value}' },
  tooManyRows: { 'zh-CN': '数据行不能超过 {max} 行', en: 'At most {max} data rows' },
} satisfies Record<string, Text>;

export const rowMessage = (key: keyof typeof rowText, lang: Lang, params: Record<string, string | number> = {}) => fill(rowText[key][lang], params);

export const reportHeader: Record<Lang, string[]> = {
  'zh-CN': ['行号', '列', '错误信息'],
  en: ['Row', 'Column', 'Message'],
};

export const exportExtraHeader = ['审核状态 Audit state', '显示 Shown', '创建时间 Created'];

const auditLabels: Record<number, Text> = {
  [AuditState.Draft]: { 'zh-CN': '草稿', en: 'Draft' },
  [AuditState.Pending]: { 'zh-CN': '待审核', en: 'Pending' },
  [AuditState.Approved]: { 'zh-CN': '已通过', en: 'Approved' },
  [AuditState.Rejected]: { 'zh-CN': '已驳回', en: 'Rejected' },
};
export const auditLabel = (state: number, lang: Lang) => auditLabels[state]?.[lang] ?? String(state);
export const yesNo = (v: boolean, lang: Lang) => (lang === 'en' ? (v ? 'Yes' : 'No') : v ? '是' : '否');

export const sheetNames = {
  template: '展商导入 Exhibitors',
  report: { 'zh-CN': '错误报告', en: 'Errors' },
  export: '展商 Exhibitors',
} as const;
