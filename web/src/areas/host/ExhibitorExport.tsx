import { ExportOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { JobList } from './jobs.tsx';

/** /live/index/admin/exhibitor-task2: export jobs of the current exhibition; start one, download its .xlsx. */
export default function ExhibitorExport() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  const start = async () => {
    setBusy(true);
    try {
      await hostJobApi.export(exhibitionId);
      feedback.message().success(t('hostEx.job.started'), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: hostJobKeys.all });
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph>{t('hostEx.job.exportIntro')}</Typography.Paragraph>
        <Button type="primary" icon={<ExportOutlined />} loading={busy} onClick={start} data-testid="export-start">
          {t('hostEx.job.export')}
        </Button>
      </Card>
      <JobList exhibitionId={exhibitionId} type={JobType.ExhibitorExport} />
    </Space>
  );
}
