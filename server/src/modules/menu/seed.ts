import type { FeatureKey } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { menu, menuItem } from './tables.ts';

export const MENU_IDS = {
  host: '00000000-0000-4000-a000-000000000201',
  exhibitor: '00000000-0000-4000-a000-000000000202',
} as const;

type Entry = [path: string, name: string, nameEn: string, feature: FeatureKey | null, icon: string];

/** The host area's side menu (part 1 §2, /live/index/…), keyed by route path and feature key. */
const HOST_ENTRIES: Entry[] = [
  ['/live/index/home/home', '首页', 'Home', null, 'home'],
  ['/live/index/admin/exhibitor', '展商管理', 'Exhibitors', null, 'shop'],
  ['/live/index/place/info', '展位管理', 'Booths', null, 'appstore'],
  ['/live/index/admin/product', '产品管理', 'Products', 'product', 'gift'],
  ['/live/index/admin/audience', '观众管理', 'Visitors', 'audience', 'team'],
  ['/live/index/ex/home', '展商服务', 'Exhibitor services', 'exhibitorService', 'solution'],
  ['/live/index/advisory/home', '资讯管理', 'News', 'advisory', 'read'],
  ['/live/index/act-control/list', '活动管理', 'Activities', 'activity', 'calendar'],
  ['/live/index/meeting', '会议管理', 'Meetings', 'meeting', 'schedule'],
  ['/live/index/manage/streaming', '直播管理', 'Live streaming', 'live', 'video-camera'],
  ['/live/index/topic/info', '专题管理', 'Topics', 'topic', 'tags'],
  ['/live/index/business/info', '供需管理', 'Supply and demand', 'business', 'swap'],
  ['/live/index/talk-info', '洽谈记录', 'Negotiations', 'talk', 'message'],
  ['/live/index/vote/list', '投票评选', 'Votes', 'vote', 'like'],
  ['/live/index/tour-route/info', '参观路线', 'Tour routes', 'tourRoute', 'environment'],
  ['/live/index/admin/promotion', '推广管理', 'Promotions', 'promotion', 'rise'],
  ['/live/index/content-control', '页面装修', 'Custom pages', 'customPage', 'layout'],
  ['/live/index/liveHall', '虚拟展厅', 'Virtual hall', 'liveHall', 'bank'],
  ['/live/index/downCenter', '下载中心', 'Downloads', 'dataDownload', 'download'],
  ['/live/index/control/home', '数据统计', 'Statistics', 'statistics', 'bar-chart'],
  ['/live/index/basic/common', '基础设置', 'Settings', null, 'setting'],
];

/** The exhibitor area's side menu (/ex-live/index/…). */
const EXHIBITOR_ENTRIES: Entry[] = [
  ['/ex-live/index/home', '首页', 'Home', null, 'home'],
  ['/ex-live/index/MyBoothView', '我的展位', 'My booth', null, 'shop'],
  ['/ex-live/index/ExJoinInfo', '参展信息', 'Participation', 'exhibitorService', 'profile'],
  ['/ex-live/index/ExJournal', '会刊', 'Catalogue entry', 'exhibitorService', 'book'],
  ['/ex-live/index/ExCard', '参展证', 'Badges', 'exhibitorService', 'idcard'],
  ['/ex-live/index/ExLintel', '楣板', 'Lintel', 'exhibitorService', 'font-size'],
  ['/ex-live/index/ExInvoice', '发票', 'Invoice', 'exhibitorService', 'account-book'],
  ['/ex-live/index/product', '产品管理', 'Products', 'product', 'gift'],
  ['/ex-live/index/act-control/list', '活动管理', 'Activities', 'activity', 'calendar'],
  ['/ex-live/index/liveRoom', '直播间', 'Live room', 'live', 'video-camera'],
  ['/ex-live/index/enquiry', '询盘', 'Enquiries', 'enquiry', 'mail'],
  ['/ex-live/index/advisory/home', '资讯', 'News', 'advisory', 'read'],
  ['/ex-live/index/evaluate', '评价', 'Reviews', 'evaluate', 'star'],
  ['/ex-live/index/needs', '供需', 'Supply and demand', 'business', 'swap'],
  ['/ex-live/index/route', '参观路线', 'Tour routes', 'tourRoute', 'environment'],
  ['/ex-live/index/statistics/visitor', '数据统计', 'Statistics', 'statistics', 'bar-chart'],
  ['/ex-live/index/Order', '订单', 'Orders', null, 'shopping'],
  ['/ex-live/index/Help', '帮助', 'Help', null, 'question-circle'],
];

/** Idempotent, at every start: the two shipped menus and their entries, when they do not exist yet. */
export async function ensureMenus(db: Executor) {
  const created = await db
    .insert(menu)
    .values([
      { id: MENU_IDS.host, name: '主办方菜单', nameEn: 'Host menu', area: 'host', showIndex: 1 },
      { id: MENU_IDS.exhibitor, name: '展商菜单', nameEn: 'Exhibitor menu', area: 'exhibitor', showIndex: 2 },
    ])
    .onConflictDoNothing()
    .returning({ id: menu.id });
  for (const { id } of created) {
    const entries = id === MENU_IDS.host ? HOST_ENTRIES : EXHIBITOR_ENTRIES;
    await db
      .insert(menuItem)
      .values(entries.map(([path, name, nameEn, featureKey, icon], i) => ({ menuId: id, path, name, nameEn, featureKey, icon, showIndex: i + 1 })))
      .onConflictDoNothing();
  }
}
