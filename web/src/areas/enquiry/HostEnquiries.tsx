import { DeleteOutlined, EyeOutlined, FileExcelOutlined } from '@ant-design/icons';
import { JobType, type Enquiry } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enquiryApi, enquiryKeys } from '../../api/enquiry.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable, type ListParams } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { AppointmentExportButton, HostAppointments } from '../appointment/HostAppointments.tsx';
import { JobList } from '../host/jobs.tsx';
import { useGate } from '../../session/features.ts';
import { enquiryFields, filtersOf } from './ExEnquiries.tsx';
import { EnquiryDrawer, EnquiryExportBar } from './shared.tsx';

/** The host's source filter: live rooms' enquiries unless another source (or all) is chosen. */
const hostSources = [
  { value: 'live', label: 'enquiry.source.live' },
  { value: 'product', label: 'enquiry.source.product' },
  { value: 'booth', label: 'enquiry.source.booth' },
  { value: 'all', label: 'enquiry.source.all' },
] as const;

/**
 * /live/index/live-enquiry/info: the exhibition's leads in two tabs, its enquiries (live ones first shown; open, delete,
 * export) and, while the feature `appointment` is on, its appointments (read-only, exportable).
 */
export default function HostLeads() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const appointments = useGate('appointment') === 'open';
  if (!exhibitionId) return <Alert type="info" showIcon title={t('enquiry.missingExhibitor')} />;
  if (!appointments) return <HostEnquiries />;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'enquiries', label: <span data-testid="leads-tab-enquiries">{t('appointment.host.tabEnquiries')}</span>, children: <HostEnquiries /> },
        { key: 'appointments', label: <span data-testid="leads-tab-appointments">{t('appointment.host.tabAppointments')}</span>, children: <HostAppointments exhibitionId={exhibitionId} /> },
      ]}
    />
  );
}

function HostEnquiries() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { exhibitionId } = useSession();
  const [open, setOpen] = useState<string | null>(null);
  const [filters, setFilters] = useState<ListParams['filters']>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const onFilters = useCallback((f: ListParams['filters']) => setFilters(f), []);
  const resource = useMemo(
    () =>
      defineResource<Enquiry>({
        name: 'host-enquiries',
        rowKey: 'id',
        queryKey: (params) => enquiryKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters: f }) => enquiryApi.page({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...filtersOf(f, 'live') }),
        fields: [
          ...enquiryFields(t, hostSources, true),
        ],
      }),
    [exhibitionId, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('enquiry.missingExhibitor')} />;
  const remove = async (id: string) => {
    try {
      await enquiryApi.remove(id);
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
      feedback.message().success(t('enquiry.done.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };
  const startExport = async () => {
    try {
      setJobId((await enquiryApi.export({ exhibitionId, ...filtersOf(filters, 'live') })).id);
    } catch (error) {
      showError(error);
    }
  };
  const actions = (e: Enquiry) => (
    <>
      <Button type="link" icon={<EyeOutlined />} aria-label={t('enquiry.action.open')} title={t('enquiry.action.open')} onClick={() => setOpen(e.id)} data-testid={`enquiry-open-${e.id}`} />
      <Popconfirm title={t('enquiry.confirm.delete')} onConfirm={() => remove(e.id)} okButtonProps={{ danger: true, 'data-testid': `enquiry-delete-confirm-${e.id}` }}>
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('enquiry.action.delete')} title={t('enquiry.action.delete')} data-testid={`enquiry-delete-${e.id}`} />
      </Popconfirm>
    </>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('enquiry.intro.host')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={actions}
        onFilters={onFilters}
        extra={
          <Button icon={<FileExcelOutlined />} onClick={() => void startExport()} data-testid="enquiry-export">
            {t('enquiry.action.export')}
          </Button>
        }
      />
      {jobId && <EnquiryExportBar key={jobId} id={jobId} />}
      {open && <EnquiryDrawer id={open} canReply={false} onClose={() => setOpen(null)} />}
    </Space>
  );
}

/** /live/index/live-enquiry/info-export: the exhibition's enquiry and appointment export jobs and their files. */
export function HostEnquiryExports() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const appointments = useGate('appointment') === 'open';
  if (!exhibitionId) return <Alert type="info" showIcon title={t('enquiry.missingExhibitor')} />;
  const enquiries = (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('enquiry.intro.hostExport')}</Typography.Text>
      <JobList exhibitionId={exhibitionId} type={JobType.EnquiryExport} />
    </Space>
  );
  if (!appointments) return enquiries;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'enquiries', label: t('appointment.host.tabEnquiryExports'), children: enquiries },
        {
          key: 'appointments',
          label: <span data-testid="exports-tab-appointments">{t('appointment.host.tabAppointmentExports')}</span>,
          children: (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{t('appointment.host.exportIntro')}</Typography.Text>
              <AppointmentExportButton filters={{ exhibitionId }} />
              <JobList exhibitionId={exhibitionId} type={JobType.AppointmentExport} />
            </Space>
          ),
        },
      ]}
    />
  );
}
