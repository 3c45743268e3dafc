import { evaluationZhCN } from './evaluation.zh-CN.ts';
import { appointmentZhCN } from './appointment.zh-CN.ts';
import { activityDetailsZhCN } from './activityDetails.zh-CN.ts';
import { liveZhCN } from './live.zh-CN.ts';
import { enquiryZhCN } from './enquiry.zh-CN.ts';
import { consultZhCN } from './consult.zh-CN.ts';
import { supplyDemandZhCN } from './supplydemand.zh-CN.ts';
import { rankingZhCN } from './ranking.zh-CN.ts';
import { zonesZhCN } from './zones.zh-CN.ts';
import { coreZhCN } from './core.zh-CN.ts';
import { visitorGroupsZhCN } from './visitorGroups.zh-CN.ts';
import { membersZhCN } from './members.zh-CN.ts';
import { formsZhCN } from './forms.zh-CN.ts';
import { catalogZhCN } from './catalog.zh-CN.ts';
import { productHostZhCN } from './productHost.zh-CN.ts';
import { catalogueZhCN } from './catalogue.zh-CN.ts';
import { productsZhCN } from './products.zh-CN.ts';
import { placeZhCN } from './place.zh-CN.ts';
import { auditZhCN } from './audit.zh-CN.ts';
import { cardsZhCN } from './cards.zh-CN.ts';
import { adminZhCN } from './admin.zh-CN.ts';
import { exhibitorPagesZhCN } from './exhibitorPages.zh-CN.ts';
import { hostExhibitionZhCN } from './hostExhibition.zh-CN.ts';
import { hostExhibitorZhCN } from './hostExhibitor.zh-CN.ts';
import { hostServicesZhCN } from './hostServices.zh-CN.ts';
import { exhibitorServicesZhCN } from './exhibitorServices.zh-CN.ts';
import { settledZhCN } from './settled.zh-CN.ts';
import { boothsZhCN } from './booths.zh-CN.ts';
import { adminUsersZhCN } from './adminUsers.zh-CN.ts';
import { videoZhCN } from './video.zh-CN.ts';
import { activitiesZhCN } from './activities.zh-CN.ts';

const { commonExtra, routeExtra, exhibitionExtra, ...adminBlocks } = adminZhCN;

/**
 * Chinese messages: the source of the key set. `en.ts` is typed by this object, so a key
 * missing from or added to the English file is a type error.
 */
export const zhCN = {
  ...coreZhCN,
  common: {
    ...coreZhCN.common,
    ...commonExtra,
    search: '查询',
    reset: '重置',
    save: '保存',
    cancel: '取消',
    next: '下一步',
    back: '返回上一页',
    backHome: '返回首页',
    logout: '退出登录',
    empty: '—',
    saved: '保存成功',
    language: '语言',
    total: '共 {{total}} 条',
    range: '{{from}} 至 {{to}}',
  },
  role: { exhibitor: '展商', host: '主办方', admin: '管理员' },
  route: {
    ...coreZhCN.route,
    ...routeExtra,
    hostHome: '首页',
    adminEx: '展会管理',
    exhibitorHome: '首页',
    hostAccount: '账号信息',
    changePassword: '设置新密码',
    operationLog: '操作日志',
    bindEdit: '手机与邮箱',
    authBind: '账号验证登录',
    notFound: '页面不存在',
    serverError: '服务异常',
  },
  authBind: {
    title: '账号验证登录',
    subtitle: '使用账号已绑定的手机号或邮箱接收验证码登录',
    tabPhone: '手机号',
    tabEmail: '邮箱',
    email: '邮箱',
    submit: '验证并登录',
    phoneNotRegistered: '手机号未注册',
    emailNotRegistered: '邮箱未注册',
    failed: '绑定失败，请重试',
  },
  layout: {
    currentExhibition: '当前展会：{{name}}',
    switchLanguage: '切换语言',
    openMenu: '打开菜单',
    menu: '菜单',
    breadcrumb: '当前位置',
    account: '账号',
    menuGroup: { exhibition: '展会', exhibitors: '展商', jobs: '导入导出', services: '展商服务', booths: '展位', myBooth: '我的展位', platform: '平台', accounts: '账号与设置' },
  },
  hostHome: {
    welcome: '欢迎回来，{{name}}',
    intro: '在这里管理您的展会、展商与展务工作。',
    host: '主办方：',
    currentExhibition: '当前展会',
    switchExhibition: '切换展会',
    switched: '已切换到「{{name}}」',
    noExhibition: '暂无展会',
    createFirst: '创建第一个展会',
    quickLinks: '快捷入口',
  },
  exhibition: {
    ...exhibitionExtra,
    id: '展会 ID',
    name: '展会名称',
    nameEn: '英文名称',
    startAt: '开始时间',
    endAt: '结束时间',
    showIndex: '排序',
    createAt: '创建时间',
    period: '展期',
    status: '状态',
    state: { upcoming: '未开始', ongoing: '进行中', ended: '已结束', unscheduled: '未设置展期' },
  },
  company: {
    name: '公司名称',
    nameEn: '英文名称',
    region: '所在地区',
    address: '详细地址',
  },
  exhibitorHome: {
    welcome: '欢迎，{{name}}',
    company: '公司信息',
    exhibition: '参展信息',
    noExhibition: '当前登录未关联展会，请通过展会的展商登录链接登录。',
    goLogin: '前往登录',
  },
  account: {
    info: '账号信息',
    userName: '用户名',
    name: '姓名',
    phoneNumber: '手机号',
    email: '邮箱',
    role: '角色',
    host: '所属主办方',
    notBound: '未绑定',
    manageContacts: '管理手机与邮箱',
    changePassword: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    passwordChanged: '密码已修改，其他设备上的登录已退出',
    mustChangeIntro: '您的密码由平台或主办方发放。为保护账号安全，请先设置您自己的新密码，再继续使用。',
    changeUserName: '修改用户名',
    newUserName: '新用户名',
    userNameChanged: '用户名已修改',
  },
  operationLog: {
    createAt: '时间',
    userName: '操作人',
    role: '角色',
    action: '操作',
    targetType: '对象类型',
    targetId: '对象 ID',
    ip: 'IP 地址',
    before: '变更前',
    after: '变更后',
  },
  contact: {
    verifyOld: '验证身份',
    enterNew: '填写新的联系方式',
    done: '完成',
    codeTo: '验证码将发送至 {{value}}',
    phone: {
      title: '手机号',
      current: '当前手机号',
      label: '新手机号',
      bind: '绑定手机号',
      change: '更换手机号',
      bound: '手机号已绑定',
      changed: '手机号已更换',
    },
    email: {
      title: '邮箱',
      current: '当前邮箱',
      label: '新邮箱',
      bind: '绑定邮箱',
      change: '更换邮箱',
      bound: '邮箱已绑定',
      changed: '邮箱已更换',
    },
  },
  region: {
    placeholder: '选择或搜索省 / 市 / 区（支持拼音）',
    areaCode: '区号 {{code}}',
    noMatch: '没有匹配的地区',
  },
  phone: {
    country: '国家/地区',
    countrySearch: '搜索国家/地区或区号',
    number: '手机号码',
    mainland: '中国大陆',
    required: '请输入手机号',
    invalid: '请输入有效的手机号',
  },
  companyProfile: {
    title: '公司资料',
    subtitle: '展商中心展示的公司信息，观众与主办方都会看到',
    name: '公司名称',
    nameEn: '英文名称',
    logo: '公司 Logo',
    logoHint: '支持 JPG、PNG、GIF、WebP、BMP，不超过 4 MB',
    upload: '上传 Logo',
    replace: '更换',
    remove: '移除',
    region: '所在地区',
    address: '详细地址',
    phone: '联系手机',
    nameRequired: '请输入公司名称',
    tooLong: '不能超过 {{max}} 个字符',
    imageType: '请上传 JPG、PNG、GIF、WebP 或 BMP 图片',
    imageTooLarge: '图片不能超过4M',
    saved: '公司资料已保存',
    unchanged: '没有需要保存的修改',
  },
  ...adminBlocks,
  ...hostExhibitorZhCN,
  ...hostServicesZhCN,
  ...hostExhibitionZhCN,
  ...exhibitorPagesZhCN,
  ...boothsZhCN,
  ...settledZhCN,
  ...adminUsersZhCN,
  ...exhibitorServicesZhCN,
  ...placeZhCN,
  ...cardsZhCN,
  ...productsZhCN,
  ...catalogZhCN,
  ...productHostZhCN,
  ...catalogueZhCN,
  ...auditZhCN,
  ...videoZhCN,
  ...formsZhCN,
  ...visitorGroupsZhCN,
  ...activitiesZhCN,
  ...membersZhCN,
  ...activityDetailsZhCN,
  ...liveZhCN,
  ...enquiryZhCN,
  ...consultZhCN,
  ...evaluationZhCN,
  ...supplyDemandZhCN,
  ...rankingZhCN,
  ...zonesZhCN,
  ...appointmentZhCN,
};

export type Messages = typeof zhCN;
