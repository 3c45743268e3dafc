import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, hostExhibitorKeys, hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { JobList } from './jobs.tsx';

/** /live/index/admin/exhibitor-task: import exhibitors from .xlsx (template, dry run) and the import jobs with progress. */
export default function ExhibitorImport() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [dryRun, setDryRun] = useState(false);
  const [uploading, setUploading] = useState(false);
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;

  const template = async () => {
    try {
      await downloadFile('/api/v3/exhibitor/import/template', {}, 'exhibitor-import-template.xlsx');
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      await hostJobApi.importFile(file, exhibitionId, dryRun);
      feedback.message().success(t('hostEx.job.started'), MESSAGE_SECONDS);
      await Promise.all([queryClient.invalidateQueries({ queryKey: hostJobKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('hostEx.list.current', { name: session.exhibitionInfo?.name ?? '' })}</Typography.Paragraph>
        <Typography.Paragraph>{t('hostEx.job.importIntro')}</Typography.Paragraph>
        <Space wrap>
          <Button icon={<FileExcelOutlined />} onClick={template} data-testid="import-template">
            {t('hostEx.job.template')}
          </Button>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="import-upload">
              {t('hostEx.job.upload')}
            </Button>
          </Upload>
          <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} data-testid="import-dry-run">
            {t('hostEx.job.dryRun')}
          </Checkbox>
        </Space>
      </Card>
      <JobList exhibitionId={exhibitionId} type={JobType.ExhibitorImport} />
    </Space>
  );
}
