import { ExportOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { regStatuses, type Activity, type ActivityReg, type RegStatus } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activityKeys } from '../../api/activities.ts';
import { activityDetailApi, activityDetailKeys } from '../../api/activityDetails.ts';
import { hostJobKeys } from '../../api/host-exhibitors.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { CheckIn } from './CheckIn.tsx';
import { CurrentJob } from '../host/jobs.tsx';

const statusColors: Record<RegStatus, string> = { registered: 'green', waiting: 'gold', cancelled: 'default' };

/** The path of a sibling screen under the current base (/live/index/…). */
export const siblingPath = (pathname: string, path: string) => pathname.replace(/\/index\/.*$/, `/index/${path}`);

/** Starts one export job of the activity and follows it below the button. */
export function useExport(start: (activityId: string) => Promise<{ id: string }>, started: 'actDetail.regs.exportStarted' | 'actDetail.live.viewersStarted') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  const run = async (activityId: string) => {
    setBusy(true);
    try {
      const job = await start(activityId);
      setCurrent(job.id);
      feedback.message().success(t(started), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: hostJobKeys.lists });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, current, run };
}

/** The registrations page (filters: status, checked in, keyword); the host cancels, checks tickets in and exports. */
export function Registrations({ activity, host }: { activity: Activity; host: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const exporter = useExport(activityDetailApi.exportRegs, 'actDetail.regs.exportStarted');
  const resource = useMemo(
    () =>
      defineResource<ActivityReg>({
        name: 'activity-regs',
        rowKey: 'id',
        queryKey: (params) => activityDetailKeys.regs(activity.id, params),
        fetch: ({ pageIndex, pageSize, filters }) =>
          activityDetailApi.regs({
            activityId: activity.id,
            pageIndex,
            pageSize,
            status: (filters.status as RegStatus | undefined) || undefined,
            checkedIn: filters.checkedIn ? filters.checkedIn === 'true' : undefined,
            keyword: filters.keyword || undefined,
          }),
        fields: [
          { key: 'keyword', label: 'actDetail.regs.keyword', filter: { type: 'text' }, column: false },
          {
            key: 'name',
            label: 'actDetail.regs.name',
            width: 160,
            render: (r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.name}</Typography.Text>
                {r.company && <Typography.Text type="secondary">{r.company}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: '$contact',
            label: 'actDetail.regs.contact',
            width: 180,
            render: (r) => (
              <Space orientation="vertical" size={0}>
                {r.phoneNumber && <Typography.Text>{r.phoneNumber}</Typography.Text>}
                {r.email && <Typography.Text type="secondary">{r.email}</Typography.Text>}
                {!r.phoneNumber && !r.email && t('common.empty')}
              </Space>
            ),
          },
          { key: 'ticketTypeName', label: 'actDetail.regs.ticketType', width: 100 },
          {
            key: 'status',
            label: 'actDetail.regs.status',
            filter: { type: 'select', options: regStatuses.map((s) => ({ value: s, label: `actDetail.regs.status_${s}` as const })) },
            render: (r) => <Tag color={statusColors[r.status]}>{t(`actDetail.regs.status_${r.status}`)}</Tag>,
          },
          { key: 'ticketCode', label: 'actDetail.regs.ticketCode' },
          {
            key: 'checkedIn',
            label: 'actDetail.regs.checkedIn',
            filter: { type: 'select', options: [{ value: 'true', label: 'actDetail.regs.checkedInYes' }, { value: 'false', label: 'actDetail.regs.checkedInNo' }] },
            column: false,
          },
          { key: 'checkedInAt', label: 'actDetail.regs.checkedInAt', width: 170, render: (r) => (r.checkedInAt ? <Tag color="green">{formatDateTime(r.checkedInAt)}</Tag> : t('actDetail.regs.checkedInNo')) },
          { key: 'createAt', label: 'actDetail.regs.createAt', type: 'datetime', width: 170 },
        ],
      }),
    [activity.id, t],
  );
  const cancel = async (reg: ActivityReg) => {
    try {
      await activityDetailApi.cancelReg(reg.id);
      feedback.message().success(t('actDetail.regs.cancelled'), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: activityKeys.detail(activity.id) });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {host && <CheckIn activityId={activity.id} />}
      {host && (
        <Card size="small">
          <Space wrap>
            <Button type="primary" icon={<ExportOutlined />} loading={exporter.busy} onClick={() => void exporter.run(activity.id)} data-testid="regs-export">
              {t('actDetail.regs.export')}
            </Button>
            <Link to={siblingPath(pathname, 'act-control/down-task')}>
              <Button icon={<UnorderedListOutlined />}>{t('actDetail.regs.tasks')}</Button>
            </Link>
          </Space>
          {exporter.current && (
            <div style={{ marginTop: 16 }}>
              <CurrentJob id={exporter.current} title="actDetail.regs.exportProgress" done="actDetail.regs.exportDone" fallbackName="registrations.xlsx" download="actDetail.regs.download" testId="regs-export" />
            </div>
          )}
        </Card>
      )}
      <ResourceTable
        resource={resource}
        actions={
          host
            ? (reg) =>
                reg.status !== 'cancelled' && (
                  <Popconfirm title={t('actDetail.regs.cancelConfirm', { name: reg.name })} onConfirm={() => cancel(reg)}>
                    <Button type="link" danger data-testid={`reg-cancel-${reg.id}`}>
                      {t('actDetail.regs.cancel')}
                    </Button>
                  </Popconfirm>
                )
            : undefined
        }
      />
    </Space>
  );
}
