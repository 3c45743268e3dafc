import { CheckOutlined, CloseOutlined, DeleteOutlined, DesktopOutlined, EditOutlined, EyeOutlined, PlayCircleOutlined, PlusOutlined, StopOutlined, UndoOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { activityKinds, activityPhases, AuditState, LiveApplyState, type Activity } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { activityApi, activityKeys, useActivityCategories, useActivityHalls, type ActivityFilters } from '../../api/activities.ts';
import { useExhibition } from '../../api/exhibition.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable, type ListParams, type ResourceField } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useGate } from '../../session/features.ts';
import { useSession } from '../../session/store.ts';
import { AuditToolbar, useAuditDecide } from '../host/audit/AuditToolbar.tsx';
import { useExhibitorOptions } from '../host/exhibitorShared.tsx';
import { auditStateColumn } from '../host/hostServiceShared.tsx';
import { activityFiltersOf, ActivityTitleCell, ActivityWhenCell, exhibitionDays, hostDetailsPath, hostEditPath, LiveTag, PhaseTag, RegCountCell, type ListBack } from './shared.tsx';

/**
 * The host's activity lists, one component for five screens: every activity of the exhibition (with review),
 * the host's own programme, exhibitors' activities, those with registration, and the live applications.
 */
export type HostListMode = 'all' | 'manage' | 'exhibitors' | 'registration' | 'live';

const intro: Record<HostListMode, MessageKey> = { all: 'act.intro.all', manage: 'act.intro.own', exhibitors: 'act.intro.exhibitors', registration: 'act.intro.registration', live: 'act.intro.live' };
const back: Record<HostListMode, ListBack> = { all: 'all', manage: 'manage', exhibitors: 'exhibitors', registration: 'registration', live: 'live' };

/** "Approve / reject all pending that match the filter" (`POST /api/v3/batchaudit`), the rejection with its required reason. */
function MatchingAudit({ filters }: { filters: ActivityFilters }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const run = async (approve: boolean, reason?: string) => {
    setBusy(true);
    try {
      const { decided } = await activityApi.decideMatching({ ...filters, approve, ...(reason ? { reason } : {}) });
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
      feedback.message().success(t('audit.decided', { count: decided }), MESSAGE_SECONDS);
      setRejecting(false);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Popconfirm title={t('act.confirm.approveMatching')} onConfirm={() => run(true)} okButtonProps={{ 'data-testid': 'activity-matching-approve-confirm' }}>
        <Button icon={<CheckOutlined />} data-testid="activity-matching-approve">
          {t('act.action.approveMatching')}
        </Button>
      </Popconfirm>
      <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="activity-matching-reject">
        {t('act.action.rejectMatching')}
      </Button>
      <Modal open={rejecting} title={t('act.confirm.rejectMatching')} onCancel={() => setRejecting(false)} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': 'activity-matching-reject-confirm' }} okText={t('audit.reject')} destroyOnHidden>
        <Form form={form} name="activity-matching-reject" layout="vertical" onFinish={({ reason }) => run(false, reason.trim())}>
          <Form.Item name="reason" label={t('audit.reason')} rules={[{ required: true, whitespace: true, message: t('audit.reasonRequired') }, { max: 500 }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** Publish/cancel, delete: one call, then the lists refresh and the result is said. */
function useActivityAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: MessageKey) => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
      feedback.message().success(t(done), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
}

/** Cancel a published activity, or publish a cancelled one again. */
export function StateButton({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const act = useActivityAction();
  const cancelled = activity.state === 'cancelled';
  return (
    <Popconfirm
      title={t(cancelled ? 'act.confirm.publish' : 'act.confirm.cancel', { title: activity.title })}
      onConfirm={() => act(() => activityApi.setState(activity.id, cancelled ? 'published' : 'cancelled'), cancelled ? 'act.done.published' : 'act.done.cancelled')}
      okButtonProps={{ 'data-testid': `activity-state-confirm-${activity.id}` }}
    >
      <Button type="link" icon={cancelled ? <UndoOutlined /> : <StopOutlined />} title={t(cancelled ? 'act.action.publish' : 'act.action.cancel')} aria-label={t(cancelled ? 'act.action.publish' : 'act.action.cancel')} data-testid={`activity-state-${activity.id}`} />
    </Popconfirm>
  );
}

export function DeleteButton({ activity, iconOnly = true }: { activity: Activity; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const act = useActivityAction();
  return (
    <Popconfirm title={t('act.confirm.delete', { title: activity.title })} onConfirm={() => act(() => activityApi.remove(activity.id), 'act.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `activity-delete-confirm-${activity.id}` }}>
      <Button type="link" danger icon={<DeleteOutlined />} title={t('act.action.delete')} aria-label={t('act.action.delete')} data-testid={`activity-delete-${activity.id}`}>
        {!iconOnly && t('act.action.delete')}
      </Button>
    </Popconfirm>
  );
}

function OpenLiveButton({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const act = useActivityAction();
  const open = !activity.liveOpen;
  return (
    <Button
      type="link"
      icon={open ? <PlayCircleOutlined /> : <StopOutlined />}
      onClick={() => act(() => activityApi.openLive(activity.id, open), open ? 'act.done.liveOpened' : 'act.done.liveClosed')}
      data-testid={`activity-live-${open ? 'open' : 'close'}-${activity.id}`}
    >
      {t(open ? 'act.action.openLive' : 'act.action.closeLive')}
    </Button>
  );
}

const choicesOf = (keys: readonly string[], prefix: 'act.kind' | 'act.phase') => keys.map((k) => ({ value: k, label: `${prefix}.${k}` as MessageKey }));
const liveFilter = {
  type: 'select' as const,
  options: [
    { value: String(LiveApplyState.Pending), label: 'act.live.pending' as const },
    { value: String(LiveApplyState.Approved), label: 'act.live.approved' as const },
    { value: String(LiveApplyState.Rejected), label: 'act.live.rejected' as const },
  ],
};

/** The list of one mode; `fixed` filters go to every request (owner, the exhibitor, the live state of a tab). */
function HostActivityList({ mode, fixed = {}, extra }: { mode: HostListMode; fixed?: ActivityFilters; extra?: ReactNode }) {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const exhibition = useExhibition(exhibitionId);
  const halls = useActivityHalls(exhibitionId);
  const categories = useActivityCategories(exhibitionId);
  const exhibitors = useExhibitorOptions(exhibitionId, mode === 'exhibitors' && !fixed.exhibitorId);
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const decide = useAuditDecide(activityApi.decide, [activityKeys.all], (ids) => setSelected((keys) => keys.filter((k) => !ids.includes(String(k)))));
  const decideLive = useAuditDecide(activityApi.decideLive, [activityKeys.all]);
  const liveRooms = useGate('live') === 'open';
  const onFilters = useCallback((f: ListParams['filters']) => setFilters(activityFiltersOf(f)), []);
  const reviews = mode === 'all' || mode === 'exhibitors';

  const resource = useMemo(() => {
    const days = exhibitionDays(exhibition.data?.startAt, exhibition.data?.endAt);
    const hallList = halls.data ?? [];
    const cats = categories.data ?? [];
    const fields: (ResourceField<Activity> | false)[] = [
      { key: 'keyword', label: 'act.field.keyword', filter: { type: 'text' }, column: false },
      { key: '$title', label: 'act.field.title', render: (row) => <ActivityTitleCell activity={row} en={false} /> },
      { key: 'kind', label: 'act.field.kind', filter: { type: 'select', options: choicesOf(activityKinds, 'act.kind') }, column: false },
      mode === 'all' && { key: 'owner', label: 'act.field.owner', filter: { type: 'select', options: [{ value: 'host', label: 'act.owner.host' }, { value: 'exhibitor', label: 'act.owner.exhibitor' }] }, column: false },
      mode !== 'manage' && {
        key: 'exhibitorId',
        label: 'act.field.owner',
        render: (row) => row.companyName ?? t('act.owner.host'),
        filter: mode === 'exhibitors' && !fixed.exhibitorId ? { type: 'choices', choices: (exhibitors.data?.items ?? []).map((e) => ({ value: e.id, text: e.company.name })) } : undefined,
      },
      { key: '$when', label: 'act.field.time', render: (row) => <ActivityWhenCell activity={row} halls={hallList} /> },
      cats.length > 0 && { key: 'categoryId', label: 'act.field.category', filter: { type: 'choices', choices: cats.map((c) => ({ value: c.id, text: c.parentId ? `— ${c.name}` : c.name })) }, column: false },
      hallList.length > 0 && { key: 'hallId', label: 'act.field.hall', filter: { type: 'choices', choices: hallList.map((h) => ({ value: h.id, text: h.name })) }, column: false },
      days.length > 0 && { key: 'day', label: 'act.field.day', filter: { type: 'choices', choices: days.map((d) => ({ value: d, text: d })) }, column: false },
      { key: 'phase', label: 'act.field.phase', render: (row) => <PhaseTag phase={row.phase} />, filter: { type: 'select', options: choicesOf(activityPhases, 'act.phase') } },
      reviews && auditStateColumn<Activity>('act.field.auditState'),
      (reviews || mode === 'live') && { key: 'liveApplyState', label: 'act.field.liveApplyState', render: (row) => <LiveTag activity={row} />, filter: mode === 'live' ? undefined : liveFilter },
      mode === 'registration' || mode === 'manage' ? { key: '$reg', label: 'act.field.registration', render: (row) => <RegCountCell activity={row} /> } : false,
      mode !== 'registration' &&
        mode !== 'live' && {
          key: 'isShow',
          label: 'act.field.isShow',
          render: (row) => (
            <ShowSwitch
              checked={row.isShow}
              save={(isShow) => activityApi.show(row.id, isShow)}
              invalidate={[activityKeys.all]}
              saved={(isShow) => t(isShow ? 'act.show.shown' : 'act.show.hidden')}
              aria-label={`${t('act.field.isShow')} ${row.title}`}
              data-testid={`activity-show-${row.id}`}
            />
          ),
        },
    ];
    return defineResource<Activity>({
      name: `activity-${mode}`,
      rowKey: 'id',
      queryKey: (params) => activityKeys.list({ mode, exhibitionId, fixed, ...params }),
      fetch: ({ pageIndex, pageSize, filters: f }) => activityApi.page({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...activityFiltersOf(f), ...fixed }),
      fields: fields.filter((f): f is ResourceField<Activity> => f !== false),
    });
  }, [mode, exhibitionId, exhibition.data, halls.data, categories.data, exhibitors.data, fixed, t, reviews]);

  const actions = (row: Activity) => (
    <>
      <Link to={hostDetailsPath(row.id)} data-testid={`activity-details-${row.id}`}>
        <Button type="link" icon={<EyeOutlined />}>
          {t('act.action.details')}
        </Button>
      </Link>
      {mode !== 'registration' && mode !== 'live' && (
        <>
          <Link to={hostEditPath(row.id, back[mode])} data-testid={`activity-edit-${row.id}`}>
            <Button type="link" icon={<EditOutlined />} title={t('act.action.edit')} aria-label={t('act.action.edit')} />
          </Link>
          {row.auditState === AuditState.Pending && reviews && <AuditToolbar ids={[row.id]} decide={decide} testIds={{ approve: `activity-approve-${row.id}`, reject: `activity-reject-${row.id}` }} />}
          <StateButton activity={row} />
          <DeleteButton activity={row} />
        </>
      )}
      {mode === 'live' && row.liveApplyState === LiveApplyState.Pending && <AuditToolbar ids={[row.id]} decide={decideLive} testIds={{ approve: `activity-live-approve-${row.id}`, reject: `activity-live-reject-${row.id}` }} />}
      {mode === 'live' && row.liveApplyState === LiveApplyState.Approved && <OpenLiveButton activity={row} />}
      {mode === 'live' && liveRooms && row.liveApplyState === LiveApplyState.Approved && (
        <Link to={`/live/index/all-activity/room?id=${row.id}`} data-testid={`activity-live-room-${row.id}`}>
          <Button type="link" icon={<DesktopOutlined />}>
            {t('act.action.liveRoom')}
          </Button>
        </Link>
      )}
    </>
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('act.noExhibition')} />;
  const toolbar = (
    <Space wrap data-testid="activity-toolbar">
      {extra}
      {reviews && (
        <>
          <AuditToolbar variant="bulk" ids={selected.map(String)} decide={decide} testIds={{ approve: 'activity-bulk-approve', reject: 'activity-bulk-reject' }} />
          <MatchingAudit filters={{ exhibitionId, ...filters, ...fixed }} />
        </>
      )}
    </Space>
  );
  return (
    <ResourceTable
      resource={resource}
      extra={toolbar}
      actions={actions}
      onFilters={onFilters}
      rowSelection={
        reviews
          ? {
              selectedRowKeys: selected,
              onChange: setSelected,
              preserveSelectedRowKeys: true,
              getCheckboxProps: (row: Activity) => ({ disabled: row.auditState !== AuditState.Pending }),
            }
          : undefined
      }
    />
  );
}

function Page({ mode, children }: { mode: HostListMode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t(intro[mode])}</Typography.Text>
      {children}
    </Space>
  );
}

const AddLink = ({ to, label = 'act.action.add' }: { to: string; label?: MessageKey }) => {
  const { t } = useTranslation();
  return (
    <Link to={to}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="activity-add">
        {t(label)}
      </Button>
    </Link>
  );
};

/** /live/index/all-activity/home: every activity of the exhibition, the host's and exhibitors', with review. */
export function AllActivities() {
  const { t } = useTranslation();
  return (
    <Page mode="all">
      <HostActivityList
        mode="all"
        extra={
          <>
            <AddLink to="/live/index/all-activity/add" />
            <Link to="/live/index/all-activity/task">
              <Button icon={<VideoCameraOutlined />} data-testid="activity-live-task">
                {t('act.action.liveTask')}
              </Button>
            </Link>
          </>
        }
      />
    </Page>
  );
}

const HOST_OWNED: ActivityFilters = { owner: 'host' };
/** /live/index/manage/act: the host's own programme. */
export function ManageActivities() {
  return (
    <Page mode="manage">
      <HostActivityList mode="manage" fixed={HOST_OWNED} extra={<AddLink to="/live/index/all-activity/add?back=manage" />} />
    </Page>
  );
}

/** /live/index/admin/exhibitor-act(?exhibitorId): exhibitors' activities, or one exhibitor's. */
export function ExhibitorActivities() {
  const exhibitorId = useSearchParams()[0].get('exhibitorId');
  const fixed = useMemo<ActivityFilters>(() => (exhibitorId ? { owner: 'exhibitor', exhibitorId } : { owner: 'exhibitor' }), [exhibitorId]);
  return (
    <Page mode="exhibitors">
      <HostActivityList key={exhibitorId ?? ''} mode="exhibitors" fixed={fixed} extra={<AddLink to={`/live/index/admin/actAdd${exhibitorId ? `?exhibitorId=${exhibitorId}` : ''}`} label="act.route.exhibitorAdd" />} />
    </Page>
  );
}

/** /live/index/act-control/list: activities with their registration counts; the details screen manages the rest. */
export function RegistrationActivities() {
  return (
    <Page mode="registration">
      <HostActivityList mode="registration" extra={<AddLink to="/live/index/act-control/add" />} />
    </Page>
  );
}

const LIVE_TABS = [
  { key: 'pending', state: LiveApplyState.Pending, label: 'act.live.pending' },
  { key: 'approved', state: LiveApplyState.Approved, label: 'act.live.approved' },
  { key: 'rejected', state: LiveApplyState.Rejected, label: 'act.live.rejected' },
] as const;
const liveFixed = Object.fromEntries(LIVE_TABS.map((tab) => [tab.key, { liveApplyState: tab.state }])) as Record<(typeof LIVE_TABS)[number]['key'], ActivityFilters>;

/** /live/index/all-activity/task: the live applications to decide (pending first), then open or close the approved ones. */
export function LiveTask() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof LIVE_TABS)[number]['key']>('pending');
  return (
    <Page mode="live">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={LIVE_TABS.map((item) => ({
          key: item.key,
          label: <span data-testid={`activity-live-tab-${item.key}`}>{t(item.label)}</span>,
          children: tab === item.key ? <HostActivityList mode="live" fixed={liveFixed[item.key]} /> : null,
        }))}
      />
    </Page>
  );
}
