import { EditOutlined, EyeOutlined, PlusOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { LiveApplyState, type Activity } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { activityApi, activityKeys, useActivityHalls } from '../../api/activities.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { DeleteButton } from './HostActivities.tsx';
import { activityTitle, ActivityTitleCell, ActivityWhenCell, exhibitorDetailsPath, LiveTag, PhaseTag } from './shared.tsx';

/** Whether the exhibitor may (again) apply to stream it: never applied, or rejected, and not over. */
export const canApplyLive = (a: Activity) => (a.liveApplyState === null || a.liveApplyState === LiveApplyState.Rejected) && a.phase !== 'ended' && a.phase !== 'cancelled';

function ApplyLiveButton({ activity, en }: { activity: Activity; en: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Popconfirm
      title={t('act.confirm.applyLive', { title: activityTitle(activity, en) })}
      okButtonProps={{ 'data-testid': `activity-apply-live-confirm-${activity.id}` }}
      onConfirm={async () => {
        try {
          await activityApi.applyLive(activity.id);
          await queryClient.invalidateQueries({ queryKey: activityKeys.all });
          feedback.message().success(t('act.done.applied'), MESSAGE_SECONDS);
        } catch (error) {
          feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
        }
      }}
    >
      <Button type="link" icon={<VideoCameraOutlined />} aria-label={t('act.action.applyLive')} title={t('act.action.applyLive')} data-testid={`activity-apply-live-${activity.id}`} />
    </Popconfirm>
  );
}

/** /ex-live/index/act-control/list (and -en): the exhibitor's own activities, their review and live application. */
export default function ExActivities() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const en = langOfPath(pathname) === 'en';
  const { exhibitorId, exhibitionId } = useSession();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const halls = useActivityHalls(exhibitionId);
  const list = useQuery({
    queryKey: activityKeys.list({ exhibitorId, exhibitionId, ...paging }),
    queryFn: () => activityApi.page({ ...paging, exhibitionId: exhibitionId!, exhibitorId: exhibitorId! }),
    enabled: Boolean(exhibitorId && exhibitionId),
    placeholderData: keepPreviousData,
  });

  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('act.missingExhibitor')} />;

  const columns: TableColumnsType<Activity> = [
    { key: 'title', title: t('act.field.title'), render: (_, row) => <ActivityTitleCell activity={row} en={en} /> },
    { key: 'time', title: t('act.field.time'), render: (_, row) => <ActivityWhenCell activity={row} halls={halls.data} /> },
    { key: 'phase', title: t('act.field.phase'), render: (_, row) => <PhaseTag phase={row.phase} /> },
    { key: 'audit', title: t('act.field.auditState'), render: (_, row) => <AuditCell item={row} reasonTestId={`activity-reason-${row.id}`} /> },
    { key: 'live', title: t('act.field.liveApplyState'), render: (_, row) => <LiveTag activity={row} /> },
    {
      key: 'show',
      title: t('act.field.isShow'),
      render: (_, row) => (
        <ShowSwitch
          checked={row.isShow}
          save={(isShow) => activityApi.show(row.id, isShow)}
          invalidate={[activityKeys.all]}
          saved={(isShow) => t(isShow ? 'act.show.shown' : 'act.show.hidden')}
          aria-label={`${t('act.field.isShow')} ${activityTitle(row, en)}`}
          data-testid={`activity-show-${row.id}`}
        />
      ),
    },
    {
      // Icons named by their tooltips, in a column that scrolls with the rest: a fixed one would cover the
      // review and live columns, on a phone and beside the menu at 1440 px alike.
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space size={0}>
          <Link to={exhibitorDetailsPath(base, row.id)} data-testid={`activity-details-${row.id}`}>
            <Button type="link" icon={<EyeOutlined />} aria-label={t('act.action.details')} title={t('act.action.details')} />
          </Link>
          <Button type="link" icon={<EditOutlined />} aria-label={t('act.action.edit')} title={t('act.action.edit')} onClick={() => navigate(`${base}/index/act-control/edit?id=${row.id}`)} data-testid={`activity-edit-${row.id}`} />
          {canApplyLive(row) && <ApplyLiveButton activity={row} en={en} />}
          <DeleteButton activity={row} />
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('act.intro.ex')}
          </Typography.Paragraph>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${base}/index/act-control/add`)} data-testid="activity-add">
            {t('act.action.add')}
          </Button>
        </Space>
      </Card>
      <Card variant="borderless">
        <Table<Activity>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('act.empty')} /> }}
          pagination={{
            current: paging.pageIndex,
            pageSize: paging.pageSize,
            total: list.data?.totalCount ?? 0,
            showTotal: (total) => t('common.total', { total }),
            onChange: (pageIndex, pageSize) => setPaging((p) => ({ pageIndex: pageSize === p.pageSize ? pageIndex : 1, pageSize })),
          }}
          data-testid="activity-table"
        />
      </Card>
    </Space>
  );
}
