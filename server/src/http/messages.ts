import { ErrorCode } from '@pavilion/contract';
import type { Text } from './i18n.ts';

/** The server's sentence for every error code, in both languages. `{field}` etc. are filled in. */
export const errorText: Record<ErrorCode, Text> = {
  [ErrorCode.ValidationFailed]: { 'zh-CN': '请求参数有误：{detail}', en: 'Invalid request: {detail}' },
  [ErrorCode.Unauthenticated]: { 'zh-CN': '授权过期，请重新登录', en: 'Authorization expired, please log in again' },
  [ErrorCode.WrongLoginIdentity]: { 'zh-CN': '登录身份有误，请重新确认', en: 'Login identity is wrong, please confirm again' },
  [ErrorCode.Forbidden]: { 'zh-CN': '没有权限执行此操作', en: 'You do not have permission to do this' },
  [ErrorCode.NotFound]: { 'zh-CN': '{what}不存在', en: '{what} not found' },
  [ErrorCode.AccountDisabled]: { 'zh-CN': '账号已停用', en: 'This account is disabled' },
  [ErrorCode.WrongPassword]: { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  [ErrorCode.CodeInvalid]: { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  [ErrorCode.CaptchaInvalid]: { 'zh-CN': '图形验证码错误或已过期', en: 'The image code is wrong or has expired' },
  [ErrorCode.Conflict]: { 'zh-CN': '数据已存在或已被修改', en: 'The record already exists or was changed' },
  [ErrorCode.UserNameTaken]: { 'zh-CN': '用户名已存在', en: 'This user name is already taken' },
  [ErrorCode.PhoneTaken]: { 'zh-CN': '手机号已存在', en: 'Mobile already exists' },
  [ErrorCode.EmailTaken]: { 'zh-CN': '邮箱已存在', en: 'E-mail already exists' },
  [ErrorCode.PhoneNotRegistered]: { 'zh-CN': '手机号未注册', en: 'Phone number not registered' },
  [ErrorCode.EmailNotRegistered]: { 'zh-CN': '邮箱未注册', en: 'Email not registered' },
  [ErrorCode.NoPhoneBound]: { 'zh-CN': '账号尚未绑定手机号', en: 'No mobile number is bound to this account' },
  [ErrorCode.NoEmailBound]: { 'zh-CN': '账号尚未绑定邮箱', en: 'No e-mail is bound to this account' },
  [ErrorCode.TicketInvalid]: { 'zh-CN': '原手机号或邮箱验证已失效，请重新验证', en: 'The check of your current number or e-mail has expired; verify it again' },
  [ErrorCode.NotExhibitorOfExhibition]: { 'zh-CN': '该账号不是本展会的展商', en: 'This account is not an exhibitor of this exhibition' },
  [ErrorCode.FeatureNotEnabled]: { 'zh-CN': '服务未开通，请联系客服升级', en: 'This service is not enabled; contact support to upgrade' },
  [ErrorCode.HasChildren]: { 'zh-CN': '{what}下还有下级数据，请先删除下级', en: '{what} still has children; delete them first' },
  [ErrorCode.PayloadTooLarge]: { 'zh-CN': '图片不能超过4M', en: 'Picture must be under 4 MB' },
  [ErrorCode.TooManyFiles]: { 'zh-CN': '最多上传5张图片', en: 'At most 5 pictures' },
  [ErrorCode.UnsupportedFileType]: { 'zh-CN': '图片格式不正确', en: 'Wrong picture format' },
  [ErrorCode.RateLimited]: { 'zh-CN': '操作过于频繁，请{seconds}秒后再试', en: 'Too many attempts; try again in {seconds} seconds' },
  [ErrorCode.Internal]: { 'zh-CN': '服务器开小差了，请稍后再试', en: 'Something went wrong on our side; please try again later' },
  [ErrorCode.DataDirLocked]: { 'zh-CN': '数据目录被占用', en: 'The data directory is in use' },
};

/** Names of things for NotFound, keyed by the resource name a service passes. */
export const thingText: Record<string, Text> = {
  record: { 'zh-CN': '记录', en: 'Record' },
  route: { 'zh-CN': '接口', en: 'Endpoint' },
  user: { 'zh-CN': '用户', en: 'User' },
  host: { 'zh-CN': '主办方', en: 'Host' },
  exhibition: { 'zh-CN': '展会', en: 'Exhibition' },
  exhibitor: { 'zh-CN': '展商', en: 'Exhibitor' },
  company: { 'zh-CN': '公司', en: 'Company' },
  file: { 'zh-CN': '文件', en: 'File' },
  config: { 'zh-CN': '配置', en: 'Configuration' },
  industry: { 'zh-CN': '行业', en: 'Industry' },
  region: { 'zh-CN': '地区', en: 'Region' },
  country: { 'zh-CN': '国家', en: 'Country' },
  city: { 'zh-CN': '城市', en: 'City' },
  actionType: { 'zh-CN': '行为类型', en: 'Action type' },
  businessType: { 'zh-CN': '业务类型', en: 'Business type' },
  productTag: { 'zh-CN': '产品标签', en: 'Product tag' },
};

/** Validation details: `{field}` is the field's path as the caller sent it. */
export const issueText: Record<string, Text> = {
  required: { 'zh-CN': '{field} 不能为空', en: '{field} is required' },
  type: { 'zh-CN': '{field} 类型不正确，应为 {expected}', en: '{field} must be a {expected}' },
  tooShort: { 'zh-CN': '{field} 长度不能少于 {min}', en: '{field} must be at least {min} long' },
  tooLong: { 'zh-CN': '{field} 长度不能超过 {max}', en: '{field} must be at most {max} long' },
  tooSmall: { 'zh-CN': '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  tooBig: { 'zh-CN': '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  format: { 'zh-CN': '{field} 格式不正确', en: '{field} has the wrong format' },
  enum: { 'zh-CN': '{field} 取值应为 {options}', en: '{field} must be one of {options}' },
  unknown: { 'zh-CN': '{field} 不是可接受的字段', en: '{field} is not an accepted field' },
  invalid: { 'zh-CN': '{field} 无效', en: '{field} is invalid' },
  body: { 'zh-CN': '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  taken: { 'zh-CN': '{field} 已存在', en: '{field} already exists' },
};
