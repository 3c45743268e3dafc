import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import { memberApi, useMemberGroups } from '../../api/members.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { blacklistFilter, memberFiltersOf } from './Audience.tsx';
import { auditStateFilter } from './hostServiceShared.tsx';
import { isActive, JobList, JobProgress, POLL_MS, saveJobFile } from './jobs.tsx';

/** The export just started: its bar, re-read every 1.5 s until it ends, then its file. */
function CurrentExport({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: job } = useQuery({
    queryKey: hostJobKeys.detail(id),
    queryFn: async () => {
      const row = await hostJobApi.get(id);
      // The lists only: invalidating every job key would refetch this very query, for ever.
      if (!isActive(row.state)) void queryClient.invalidateQueries({ queryKey: hostJobKeys.lists });
      return row;
    },
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.state) ? false : POLL_MS),
  });
  if (!job) return null;
  const rows = Number((job.result as { rows?: number } | null)?.rows ?? 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="audience-export-current">
      <Typography.Text strong>{t('members.export.progress')}</Typography.Text>
      <JobProgress job={job} />
      {job.state === 'failed' && <Alert type="error" showIcon title={job.error ?? t('hostEx.job.failed')} />}
      {job.state === 'succeeded' && (
        <Space wrap>
          <Typography.Text type="success" data-testid="audience-export-done">
            {t('members.export.done', { rows })}
          </Typography.Text>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void saveJobFile(job, 'output', job.files.output?.name ?? 'visitors.xlsx', t)} data-testid="audience-export-download">
            {t('members.export.download')}
          </Button>
        </Space>
      )}
    </Space>
  );
}

/** /live/index/admin/audience-task: export the current exhibition's visitors as a job with a progress bar; past exports below. */
export default function AudienceTask() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const groups = useMemberGroups(exhibitionId);
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('members.noExhibition')} />;
  const start = async (values: Record<string, string | undefined>) => {
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '').map(([k, v]) => [k, v.trim()]));
      const job = await memberApi.export(exhibitionId, memberFiltersOf(clean));
      setCurrent(job.id);
      feedback.message().success(t('members.export.started'), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: hostJobKeys.all });
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph>{t('members.export.intro')}</Typography.Paragraph>
        <Form form={form} name="audience-export" layout="inline" onFinish={start} style={{ rowGap: 12 }}>
          <Form.Item name="keyword" label={t('members.field.keyword')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="groupId" label={t('members.field.group')}>
            <Select allowClear style={{ minWidth: 160 }} options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name ?? g.id} (${g.count})` }))} placeholder={t('members.export.all')} />
          </Form.Item>
          <Form.Item name="auditState" label={t('members.field.auditState')}>
            <Select allowClear style={{ minWidth: 140 }} options={auditStateFilter.options.map((o) => ({ value: o.value, label: t(o.label) }))} placeholder={t('members.export.all')} data-testid="audience-export-audit" />
          </Form.Item>
          <Form.Item name="blacklisted" label={t('members.field.blacklisted')}>
            <Select allowClear style={{ minWidth: 140 }} options={blacklistFilter.options.map((o) => ({ value: o.value, label: t(o.label) }))} placeholder={t('members.export.all')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<ExportOutlined />} loading={busy} data-testid="audience-export-start">
              {t('members.export.start')}
            </Button>
          </Form.Item>
        </Form>
        {current && (
          <div style={{ marginTop: 16 }}>
            <CurrentExport id={current} />
          </div>
        )}
      </Card>
      <JobList exhibitionId={exhibitionId} type={JobType.MemberExport} />
    </Space>
  );
}
