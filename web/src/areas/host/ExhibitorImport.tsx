import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { Alert, Button, Card, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store.ts';
import { JobList, useExhibitorImport, XlsxPicker } from './jobs.tsx';

function ImportCard({ exhibitionId, exhibitionName }: { exhibitionId: string; exhibitionName: string }) {
  const { t } = useTranslation();
  const [dryRun, setDryRun] = useState(false);
  const { template, upload, uploading } = useExhibitorImport(exhibitionId);
  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t('hostEx.list.current', { name: exhibitionName })}</Typography.Paragraph>
      <Typography.Paragraph>{t('hostEx.job.importIntro')}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<FileExcelOutlined />} onClick={template} data-testid="import-template">
          {t('hostEx.job.template')}
        </Button>
        <XlsxPicker onFile={(file) => void upload(file, dryRun)}>
          <Button type="primary" icon={<UploadOutlined />} loading={uploading !== null} data-testid="import-upload">
            {t('hostEx.job.upload')}
          </Button>
        </XlsxPicker>
        <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} data-testid="import-dry-run">
          {t('hostEx.job.dryRun')}
        </Checkbox>
      </Space>
    </Card>
  );
}

/** /live/index/admin/exhibitor-task: import exhibitors from .xlsx (template, dry run) and the import jobs with progress. */
export default function ExhibitorImport() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ImportCard exhibitionId={exhibitionId} exhibitionName={session.exhibitionInfo?.name ?? ''} />
      <JobList exhibitionId={exhibitionId} type={JobType.ExhibitorImport} />
    </Space>
  );
}
