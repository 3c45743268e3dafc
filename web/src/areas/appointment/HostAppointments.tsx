import { EyeOutlined, FileExcelOutlined } from '@ant-design/icons';
import { appointmentStates, type Appointment, type AppointmentState } from '@pavilion/contract';
import { Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentApi, appointmentKeys, type AppointmentFilters } from '../../api/appointment.ts';
import { useExhibition } from '../../api/exhibition.ts';
import { showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable, type ListParams } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { exhibitionDays } from '../activity/shared.tsx';
import { useExhibitorOptions } from '../host/exhibitorShared.tsx';
import { CurrentJob } from '../host/jobs.tsx';

const stateColor: Record<AppointmentState, string> = { pending: 'gold', proposed: 'blue', accepted: 'green', declined: 'default', cancelled: 'default' };
/** A meeting's time as one string: its day and start, and its end. */
export const span = (start: string, end: string) => `${dayjs(start).format('YYYY-MM-DD HH:mm')}–${dayjs(end).format('HH:mm')}`;
const isState = (v: string | undefined): v is AppointmentState => (appointmentStates as readonly string[]).includes(v ?? '');

/** The search form's strings → the page's filters: a day becomes its local start and end. */
export function appointmentFiltersOf(f: ListParams['filters']): Omit<AppointmentFilters, 'pageIndex' | 'pageSize'> {
  const day = f.day ? dayjs(f.day) : null;
  return {
    ...(isState(f.state) ? { state: f.state } : {}),
    ...(f.exhibitorId ? { exhibitorId: f.exhibitorId } : {}),
    ...(day?.isValid() ? { from: day.startOf('day').toISOString(), to: day.endOf('day').toISOString() } : {}),
  };
}

/** "Export appointments" and the bar of the export it started (the standard job routes). */
export function AppointmentExportButton({ filters }: { filters: Omit<AppointmentFilters, 'pageIndex' | 'pageSize'> }) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setJobId((await appointmentApi.export(filters)).id);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void start()} data-testid="appointment-export">
        {t('appointment.export.action')}
      </Button>
      {jobId && <CurrentJob key={jobId} id={jobId} title="appointment.export.title" done="appointment.export.done" download="appointment.export.download" fallbackName="appointments.xlsx" testId="appointment-export" />}
    </Space>
  );
}

function Contact({ a }: { a: Appointment }) {
  const { t } = useTranslation();
  if (!a.shareContact || !a.contactName) return <Typography.Text type="secondary">{t('appointment.notShared')}</Typography.Text>;
  return <span>{[a.contactName, a.contactCompany, a.contactPhone, a.contactEmail].filter(Boolean).join(' / ')}</span>;
}

/** The read-only tab "约见 / Appointments" of live-enquiry/info: every meeting of the current exhibition. */
export function HostAppointments({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Appointment | null>(null);
  const [filters, setFilters] = useState<ListParams['filters']>({});
  const onFilters = useCallback((f: ListParams['filters']) => setFilters(f), []);
  const exhibition = useExhibition(exhibitionId);
  const exhibitors = useExhibitorOptions(exhibitionId);
  const resource = useMemo(() => {
    const days = exhibitionDays(exhibition.data?.startAt, exhibition.data?.endAt);
    return defineResource<Appointment>({
      name: 'host-appointments',
      rowKey: 'id',
      queryKey: (params) => appointmentKeys.list({ exhibitionId, ...params } as never),
      fetch: ({ pageIndex, pageSize, filters: f }) => appointmentApi.page({ pageIndex, pageSize, exhibitionId, ...appointmentFiltersOf(f) }),
      fields: [
        { key: '$time', label: 'appointment.field.time', render: (a) => <span data-testid={`host-appointment-time-${a.id}`}>{span(a.startAt, a.endAt)}</span> },
        {
          key: 'exhibitorId',
          label: 'appointment.field.exhibitor',
          render: (a) => a.companyName ?? '—',
          filter: { type: 'choices', choices: (exhibitors.data?.items ?? []).map((e) => ({ value: e.id, text: e.company.name })) },
        },
        { key: 'subject', label: 'appointment.field.subject' },
        { key: '$visitor', label: 'appointment.field.visitor', render: (a) => <Contact a={a} /> },
        {
          key: 'state',
          label: 'appointment.field.state',
          render: (a) => <Tag color={stateColor[a.state]} data-testid={`host-appointment-state-${a.id}`}>{t(`appointment.state.${a.state}`)}</Tag>,
          filter: { type: 'select', options: appointmentStates.map((s) => ({ value: s, label: `appointment.state.${s}` as const })) },
        },
        { key: 'staffName', label: 'appointment.field.staff' },
        { key: 'day', label: 'appointment.field.day', filter: { type: 'choices', choices: days.map((d) => ({ value: d, text: d })) }, column: false },
      ],
    });
  }, [exhibitionId, exhibition.data?.startAt, exhibition.data?.endAt, exhibitors.data, t]);
  const actions = (a: Appointment) => (
    <Button type="link" icon={<EyeOutlined />} aria-label={t('appointment.host.detail')} title={t('appointment.host.detail')} onClick={() => setOpen(a)} data-testid={`host-appointment-open-${a.id}`} />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('appointment.host.intro')}</Typography.Text>
      <ResourceTable resource={resource} actions={actions} onFilters={onFilters} extra={<AppointmentExportButton filters={{ exhibitionId, ...appointmentFiltersOf(filters) }} />} />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={t('appointment.host.detail')} destroyOnHidden size="large">
        {open && <AppointmentDetail a={open} />}
      </Drawer>
    </Space>
  );
}

/** The row as listed, read-only: the host oversees, the exhibitor decides. */
function AppointmentDetail({ a: row }: { a: Appointment }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small" data-testid="host-appointment-detail">
      <Descriptions.Item label={t('appointment.field.exhibitor')}>{row.companyName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.time')}>{span(row.startAt, row.endAt)}</Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.subject')}>{row.subject}</Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.message')}>{row.message ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.state')}>
        <Tag color={stateColor[row.state]}>{t(`appointment.state.${row.state}`)}</Tag>
        {row.state === 'proposed' && row.proposedStartAt && row.proposedEndAt && span(row.proposedStartAt, row.proposedEndAt)}
      </Descriptions.Item>
      {row.declineReason && <Descriptions.Item label={t('appointment.field.reason')}>{row.declineReason}</Descriptions.Item>}
      <Descriptions.Item label={t('appointment.field.staff')}>{row.staffName ?? t('appointment.noStaff')}</Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.contact')}>
        <Contact a={row} />
      </Descriptions.Item>
      <Descriptions.Item label={t('appointment.field.createAt')}>{formatDateTime(row.createAt)}</Descriptions.Item>
    </Descriptions>
  );
}
