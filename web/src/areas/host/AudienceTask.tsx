import { ExportOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostJobKeys } from '../../api/host-exhibitors.ts';
import { memberApi, useMemberGroups } from '../../api/members.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { blacklistFilter, memberFiltersOf } from './Audience.tsx';
import { auditStateFilter } from './hostServiceShared.tsx';
import { CurrentJob, JobList } from './jobs.tsx';

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
            <CurrentJob id={current} title="members.export.progress" done="members.export.done" download="members.export.download" fallbackName="visitors.xlsx" testId="audience-export" />
          </div>
        )}
      </Card>
      <JobList exhibitionId={exhibitionId} type={JobType.MemberExport} />
    </Space>
  );
}
