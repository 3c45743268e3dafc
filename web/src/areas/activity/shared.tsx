import { PictureOutlined } from '@ant-design/icons';
import { activityKinds, activityPhases, auditState, liveApplyState, LiveApplyState, type Activity, type ActivityCategory, type ActivityPhase, type ExhibitionHall } from '@pavilion/contract';
import { Image, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ActivityFilters } from '../../api/activities.ts';

/** The details screen (agenda, tickets, registrations, check-in, live posts) of another part of issue 13. */
export const hostDetailsPath = (id: string) => `/live/index/act-control/details?id=${id}`;
export const exhibitorDetailsPath = (base: string, id: string) => `${base}/index/act-control/details?id=${id}`;
export const hostEditPath = (id: string, back?: ListBack) => `/live/index/all-activity/host-edit?id=${id}${back ? `&back=${back}` : ''}`;

/** Where a host's editor returns to: the list it was opened from (`?back=`), else the route's own list. */
export const listBacks = {
  all: '/live/index/all-activity/home',
  manage: '/live/index/manage/act',
  exhibitors: '/live/index/admin/exhibitor-act',
  registration: '/live/index/act-control/list',
  live: '/live/index/all-activity/task',
} as const;
export type ListBack = keyof typeof listBacks;
export const isListBack = (v: string | null): v is ListBack => v !== null && v in listBacks;

/** The days of an exhibition (YYYY-MM-DD, local), at most 60, for the day filter. */
export function exhibitionDays(startAt: string | null | undefined, endAt: string | null | undefined): string[] {
  if (!startAt || !endAt) return [];
  const days: string[] = [];
  for (let d = dayjs(startAt).startOf('day'); !d.isAfter(dayjs(endAt)) && days.length < 60; d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

const kindOf = (v: string | undefined) => (activityKinds as readonly string[]).includes(v ?? '') ? (v as Activity['kind']) : undefined;
const phaseOf = (v: string | undefined) => (activityPhases as readonly string[]).includes(v ?? '') ? (v as ActivityPhase) : undefined;
const numberOf = <T,>(schema: { safeParse: (v: unknown) => { data?: T } }, v: string | undefined) => (v ? schema.safeParse(Number(v)).data : undefined);

/** The search form's values (strings) → the contract's query filters; empty or unknown values are left out. */
export function activityFiltersOf(filters: Readonly<Record<string, string>>): ActivityFilters {
  const out: ActivityFilters = {
    keyword: filters.keyword || undefined,
    kind: kindOf(filters.kind),
    owner: filters.owner === 'host' || filters.owner === 'exhibitor' ? filters.owner : undefined,
    exhibitorId: filters.exhibitorId || undefined,
    categoryId: filters.categoryId || undefined,
    hallId: filters.hallId || undefined,
    day: /^\d{4}-\d{2}-\d{2}$/.test(filters.day ?? '') ? filters.day : undefined,
    auditState: numberOf(auditState, filters.auditState),
    liveApplyState: numberOf(liveApplyState, filters.liveApplyState),
    phase: phaseOf(filters.phase),
    isShow: filters.isShow ? filters.isShow === 'true' : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ActivityFilters;
}

const phaseColors: Record<ActivityPhase, string> = { upcoming: 'blue', ongoing: 'green', ended: 'default', cancelled: 'red' };
export function PhaseTag({ phase }: { phase: ActivityPhase }) {
  const { t } = useTranslation();
  return (
    <Tag color={phaseColors[phase]} data-testid="activity-phase">
      {t(`act.phase.${phase}`)}
    </Tag>
  );
}

/** The live application's state, and whether an approved one is open. */
export function LiveTag({ activity }: { activity: Pick<Activity, 'liveApplyState' | 'liveOpen' | 'liveApplyReason'> }) {
  const { t } = useTranslation();
  const s = activity.liveApplyState;
  const [color, label] =
    s === LiveApplyState.Pending ? ['orange', t('act.live.pending')] : s === LiveApplyState.Approved ? ['green', t('act.live.approved')] : s === LiveApplyState.Rejected ? ['red', t('act.live.rejected')] : ['default', t('act.live.none')];
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={color} data-testid="activity-live">
        {label}
      </Tag>
      {s === LiveApplyState.Approved && <Typography.Text type={activity.liveOpen ? 'success' : 'secondary'}>{t(activity.liveOpen ? 'act.live.open' : 'act.live.closed')}</Typography.Text>}
      {s === LiveApplyState.Rejected && activity.liveApplyReason && <Typography.Text type="danger">{activity.liveApplyReason}</Typography.Text>}
    </Space>
  );
}

export const activityTitle = (a: Pick<Activity, 'title' | 'titleEn'>, en: boolean) => (en && a.titleEn ? a.titleEn : a.title);

/** Cover, title (the other language under it) and kind, as every list shows them. */
export function ActivityTitleCell({ activity, en }: { activity: Activity; en: boolean }) {
  const { t } = useTranslation();
  const other = en ? activity.title : activity.titleEn;
  return (
    <Space align="start" style={{ maxWidth: 320 }}>
      {activity.cover ? <Image src={activity.cover} width={64} height={40} style={{ objectFit: 'cover' }} alt="" /> : <PictureOutlined style={{ fontSize: 28, color: '#bfbfbf' }} aria-hidden />}
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{activityTitle(activity, en)}</Typography.Text>
        {other && other !== activityTitle(activity, en) && <Typography.Text type="secondary">{other}</Typography.Text>}
        <Typography.Text type="secondary">{t(`act.kind.${activity.kind}`)}</Typography.Text>
      </Space>
    </Space>
  );
}

/** Start–end (the end's date left out when on the same day), then hall and venue. */
export function ActivityWhenCell({ activity, halls }: { activity: Activity; halls?: readonly ExhibitionHall[] }) {
  const start = dayjs(activity.startAt);
  const end = dayjs(activity.endAt);
  const hall = activity.hallId ? halls?.find((h) => h.id === activity.hallId)?.name : undefined;
  return (
    <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text>
        {start.format('YYYY-MM-DD HH:mm')} – {end.format(end.isSame(start, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}
      </Typography.Text>
      {(hall || activity.venue) && <Typography.Text type="secondary">{[hall, activity.venue].filter(Boolean).join(' · ')}</Typography.Text>}
    </Space>
  );
}

/** Registered / capacity and the waiting list, or "registration off". */
export function RegCountCell({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  if (!activity.regEnabled) return <Typography.Text type="secondary">{t('act.reg.off')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} data-testid={`activity-reg-${activity.id}`}>
      <Typography.Text>{t('act.reg.counts', { reg: activity.regCount, capacity: activity.capacity ?? t('act.reg.unlimited') })}</Typography.Text>
      {activity.waitlist && <Typography.Text type="secondary">{t('act.reg.waiting', { count: activity.waitCount })}</Typography.Text>}
    </Space>
  );
}

/** The two-level category list → tree data, in the page's language. */
export function activityCategoryTree(categories: readonly ActivityCategory[], en: boolean) {
  const node = (c: ActivityCategory) => ({ value: c.id, title: en && c.nameEn ? c.nameEn : c.name });
  return categories.filter((c) => !c.parentId).map((root) => ({ ...node(root), children: categories.filter((c) => c.parentId === root.id).map(node) }));
}
