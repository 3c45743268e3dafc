import { CopyOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/store.ts';
import { JobList } from './jobs.tsx';

/** /live/index/admin/exhibitor-task3: the copy jobs of the current exhibition. */
export default function ExhibitorCopyJobs() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  return (
    <JobList
      exhibitionId={session.exhibitionId}
      type={JobType.ExhibitorCopy}
      extra={
        <Link to="/live/index/admin/exhibitor-copy">
          <Button type="primary" icon={<CopyOutlined />}>
            {t('hostEx.route.copy')}
          </Button>
        </Link>
      }
    />
  );
}
