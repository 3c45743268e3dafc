import { JobType } from '@pavilion/contract';
import { Alert, Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store.ts';
import { JobList } from '../host/jobs.tsx';

const kinds = [
  { type: JobType.ActivityRegExport, label: 'actDetail.jobs.regs' },
  { type: JobType.ActivityLiveViewerExport, label: 'actDetail.jobs.viewers' },
] as const;

/**
 * act-control/down-task and all-activity/down-task: the current exhibition's activity exports (registrations,
 * live viewers), one kind at a time, with progress and download. They are started from an activity's details.
 */
export default function ActivityDownTask() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [type, setType] = useState<(typeof kinds)[number]['type']>(JobType.ActivityRegExport);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('actDetail.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph>{t('actDetail.jobs.intro')}</Typography.Paragraph>
        <Segmented value={type} onChange={setType} options={kinds.map((k) => ({ value: k.type, label: t(k.label) }))} data-testid="activity-job-kind" />
      </Card>
      <JobList key={type} exhibitionId={exhibitionId} type={type} />
    </Space>
  );
}
