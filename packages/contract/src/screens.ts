import type { MenuArea } from './menu.ts';
import type { FeatureKey } from './version.ts';

/**
 * One screen of a side menu that exists in the web app: its route path, its names, the feature
 * it belongs to (null: always there) and an icon name. The web's route tables mount every one of
 * them (web/src/routes/tables.test.ts checks it both ways), and the shipped menu sets are seeded
 * from them, so a menu never lists a path that answers 404.
 */
export interface MenuScreen {
  path: string;
  name: string;
  nameEn: string;
  feature: FeatureKey | null;
  icon: string;
}

type Row = [path: string, name: string, nameEn: string, feature: FeatureKey | null, icon: string];
const rows = (list: Row[]): MenuScreen[] => list.map(([path, name, nameEn, feature, icon]) => ({ path, name, nameEn, feature, icon }));

/** The host shell's side menu (/live and /host), in menu order. Later issues add their screens here, one line each. */
const host = rows([
  ['/live/index/home/home', '首页', 'Home', null, 'home'],
  ['/live/index/basic/function', '功能开通', 'Features', null, 'appstore'],
  // Professional-only today (docs/web.md "Gating"), so customPage opens a screen.
  ['/live/index/basic/auth', '菜单权限', 'Menu permissions', 'customPage', 'safety-certificate'],
  ['/live/index/admin/exhibitor', '展商管理', 'Exhibitors', null, 'team'],
  ['/live/index/admin/product', '产品管理', 'Products', 'product', 'gift'],
  ['/live/index/audit/home', '审核中心', 'Audit centre', null, 'audit'],
  ['/live/index/admin/exhibitor-task', '展商导入', 'Import exhibitors', null, 'cloud-upload'],
  ['/live/index/admin/exhibitor-task2', '展商导出', 'Export exhibitors', null, 'cloud-download'],
  ['/live/index/admin/exhibitor-task3', '复制任务', 'Copy jobs', null, 'history'],
  ['/live/index/admin/pro-task', '产品导入', 'Import products', 'product', 'cloud-upload'],
  ['/live/index/admin/exhibitor-copy', '复制往届展商', 'Copy past exhibitors', null, 'copy'],
  ['/live/index/ex/home', '展会概览', 'Exhibition overview', null, 'dashboard'],
  ['/live/index/manage/ex', '展会管理', 'Exhibitions', null, 'calendar'],
  ['/live/index/manage/pro', '产品分类与标签', 'Categories and tags', 'product', 'apartment'],
  ['/live/index/manage/pro-display', '产品配置', 'Product settings', 'product', 'control'],
  ['/live/index/basic/product', '产品基础设置', 'Product form', 'product', 'form'],
  ['/live/index/admin/audience', '观众管理', 'Visitors', 'audience', 'contacts'],
  ['/live/index/admin/audience-task', '观众导出', 'Export visitors', 'audience', 'file-excel'],
  ['/live/index/basic/form', '登记表单', 'Registration forms', 'audience', 'solution'],
  ['/live/index/basic/question', '问卷调查', 'Survey', 'audience', 'question-circle'],
  ['/live/index/group/home', '观众分组', 'Visitor groups', 'audience', 'usergroup-add'],
  ['/live/index/journal-display', '会刊展示设置', 'Catalogue display', 'product', 'layout'],
  ['/live/index/manage/video', '展会视频', 'Exhibition videos', 'product', 'video-camera'],
  ['/live/index/manage/ex-display', '展示配置', 'Display settings', null, 'bg-colors'],
  ['/live/index/admin/exhibitor-link', '展商链接', 'Exhibitor links', null, 'link'],
  ['/live/index/basic/import', '导入中心', 'Import centre', null, 'import'],
  ['/live/index/basic/liveCopyProTyPe', '复制产品分类', 'Copy product categories', 'product', 'branches'],
  ['/live/index/down', '参展资料', 'Exhibitor documents', 'exhibitorService', 'file'],
  ['/live/index/downCenter', '下载中心', 'Download centre', 'dataDownload', 'folder-open'],
  ['/live/index/ex-set', '展商设置', 'Exhibitor settings', null, 'setting'],
  ['/live/index/admin/booth', '展位分配', 'Booth allocation', null, 'shop'],
  ['/live/index/place/info', '展位信息', 'Booth data', null, 'block'],
  ['/live/index/place/audit', '展位审核', 'Booth review', null, 'file-search'],
  ['/live/index/admin/card', '参展证管理', 'Staff badges', 'exhibitorService', 'idcard'],
  ['/live/index/admin/periodical', '会刊管理', 'Catalogue entries', 'exhibitorService', 'book'],
  ['/live/index/admin/brand', '品牌展商', 'Brand exhibitors', 'brand', 'crown'],
  ['/live/index/admin/invoice', '发票管理', 'Invoices', 'exhibitorService', 'account-book'],
  ['/live/index/admin/correction', '信息更正', 'Data corrections', 'exhibitorService', 'diff'],
  ['/live/index/all-activity/home', '活动管理', 'Activities', 'activity', 'schedule'],
  ['/live/index/manage/act', '主办方活动', 'Organiser activities', 'activity', 'calendar'],
  ['/live/index/manage/act-display', '活动配置', 'Activity settings', 'activity', 'control'],
  ['/live/index/act-control/list', '活动报名', 'Registrations', 'activity', 'solution'],
  ['/live/index/admin/exhibitor-act', '展商活动', 'Exhibitor activities', 'activity', 'schedule'],
  ['/live/index/manage/streaming', '直播间管理', 'Live rooms', 'live', 'play-square'],
  ['/live/index/set/my/room', '我的直播间', 'My live room', 'live', 'desktop'],
  ['/live/index/liveUrl', '推流地址', 'Push URLs', 'live', 'link'],
  ['/live/index/live-message', '直播评论', 'Live comments', 'live', 'comment'],
  ['/live/index/live-circusee', '直播观众', 'Live viewers', 'live', 'eye'],
  ['/live/index/liveHall', '虚拟展厅', 'Virtual hall', 'live', 'fund-projection-screen'],
  ['/live/index/live-enquiry/info', '询盘管理', 'Enquiries', 'enquiry', 'message'],
  ['/live/index/business/info', '供需管理', 'Supply and demand', 'business', 'shop'],
  ['/live/index/business-audit/info', '供需审核', 'Supply and demand review', 'business', 'audit'],
  ['/live/index/business/list', '供需评论', 'Supply and demand comments', 'business', 'message'],
  ['/live/index/business/info-export', '供需导出', 'Supply and demand export', 'business', 'cloud-download'],
  ['/live/index/consult/info', '观众咨询', 'Visitor questions', 'advisory', 'question-circle'],
  ['/live/index/consult-audit/info', '咨询审核', 'Question review', 'advisory', 'audit'],
  ['/live/index/hot', '热度排序', 'Ranking', null, 'trophy'],
  ['/live/index/topic/info', '专题管理', 'Topics', 'topic', 'appstore'],
  ['/live/index/topic-audit/info', '专题审核', 'Topic applications', 'topic', 'audit'],
  ['/live/index/focus', '推荐申请', 'Featured applications', 'promotion', 'star'],
  ['/host/index/host/home', '账号信息', 'My account', null, 'user'],
  ['/host/index/log', '操作日志', 'Operation log', null, 'profile'],
  ['/host/index/account/user', '子账号管理', 'Staff accounts', null, 'usergroup-add'],
  ['/host/index/account/bind', '绑定信息', 'Bound contacts', null, 'contacts'],
  ['/host/index/account/bind-edit', '手机与邮箱', 'Phone and e-mail', null, 'mobile'],
]);

/** The exhibitor shell's side menu (/ex-live, and /ex for the account screens), in menu order. */
const exhibitor = rows([
  ['/ex-live/index/home', '首页', 'Home', null, 'home'],
  ['/ex-live/index/set/my/home', '公司资料', 'Company profile', null, 'bank'],
  ['/ex-live/index/ExJoinInfo', '参展信息', 'Participation', null, 'shop'],
  ['/ex-live/index/ExJournal', '会刊信息', 'Catalogue entry', 'exhibitorService', 'book'],
  ['/ex-live/index/ExLintel', '楣板信息', 'Fascia board', 'exhibitorService', 'flag'],
  ['/ex-live/index/ExInvoice', '发票信息', 'Invoice details', 'exhibitorService', 'file-text'],
  ['/ex-live/index/Help', '帮助中心', 'Help', null, 'question-circle'],
  ['/ex-live/index/ExDown', '资料下载', 'Downloads', 'exhibitorService', 'cloud-download'],
  ['/ex-live/index/my-ex', '我的展会', 'My exhibitions', null, 'trophy'],
  ['/ex-live/index/set/lobby', '展台大厅', 'Booth lobby', null, 'picture'],
  ['/ex-live/index/policy', '参展须知', 'Participation policy', null, 'file-protect'],
  ['/ex-live/index/share', '展位分享', 'Share my booth', null, 'share-alt'],
  ['/ex-live/index/place', '展位信息', 'Booth', null, 'environment'],
  ['/ex-live/index/MyBoothView', '展位预览', 'Booth preview', null, 'eye'],
  ['/ex-live/index/product', '产品管理', 'Products', 'product', 'gift'],
  ['/ex-live/index/evaluate', '评价管理', 'Reviews', 'evaluate', 'star'],
  ['/ex-live/index/set/album', '展位相册', 'Booth albums', 'product', 'camera'],
  ['/ex-live/index/set/video', '展位视频', 'Booth videos', 'product', 'video-camera'],
  ['/ex-live/index/set/certificate', '产品证书', 'Certificates', 'product', 'safety-certificate'],
  ['/ex-live/index/act-control/list', '活动管理', 'Activities', 'activity', 'schedule'],
  ['/ex-live/index/ExCard', '参展证', 'Staff badges', 'exhibitorService', 'idcard'],
  ['/ex-live/index/user', '客服人员', 'Customer service', 'audience', 'customer-service'],
  ['/ex-live/index/liveRoom', '直播间', 'Live rooms', 'live', 'play-square'],
  ['/ex-live/index/set/my/room', '我的直播间', 'My live room', 'live', 'desktop'],
  ['/ex-live/index/enquiry', '询盘管理', 'Enquiries', 'enquiry', 'message'],
  ['/ex-live/index/needs', '供需信息', 'Supply and demand', 'business', 'shop'],
  ['/ex-live/index/enquiryNew', '预约洽谈', 'Meeting requests', 'appointment', 'calendar'],
  ['/ex/index/account/bind-edit', '手机与邮箱', 'Phone and e-mail', null, 'mobile'],
]);

/** The screens of each menu area: what the shipped menu sets list. */
export const menuScreens: Readonly<Record<MenuArea, readonly MenuScreen[]>> = { host, exhibitor };

/** Feature keys some existing screen belongs to; the others are shown as not available yet. */
const featuresWithScreens: ReadonlySet<string> = new Set([...host, ...exhibitor].flatMap((s) => (s.feature ? [s.feature] : [])));

/** Whether a feature key has screens in the app today (a key without any cannot be used, whatever the version). */
export const featureHasScreens = (key: string) => featuresWithScreens.has(key);
