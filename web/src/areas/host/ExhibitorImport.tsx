import { JobType } from '@pavilion/contract';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store.ts';
import { exhibitorImport, JobList, SheetImportCard } from './jobs.tsx';

/** /live/index/admin/exhibitor-task: import exhibitors from .xlsx (template, dry run) and the import jobs with progress. */
export default function ExhibitorImport() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SheetImportCard kind={exhibitorImport} exhibitionId={exhibitionId} exhibitionName={session.exhibitionInfo?.name ?? ''} intro={t('hostEx.job.importIntro')} />
      <JobList exhibitionId={exhibitionId} type={JobType.ExhibitorImport} />
    </Space>
  );
}
