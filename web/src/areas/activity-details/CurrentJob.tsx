import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { isActive, JobProgress, POLL_MS, saveJobFile } from '../host/jobs.tsx';

/** An export just started from the details screen: its bar, re-read every 1.5 s until it ends, then its file (as the visitor export shows it). */
export function CurrentJob({ id, title, done, fallbackName, testId }: { id: string; title: MessageKey; done: MessageKey; fallbackName: string; testId: string }) {
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
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Typography.Text strong>{t(title)}</Typography.Text>
      <JobProgress job={job} />
      {job.state === 'failed' && <Alert type="error" showIcon title={job.error ?? t('hostEx.job.failed')} />}
      {job.state === 'succeeded' && (
        <Space wrap>
          <Typography.Text type="success" data-testid={`${testId}-done`}>
            {t(done, { rows })}
          </Typography.Text>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void saveJobFile(job, 'output', job.files.output?.name ?? fallbackName, t)} data-testid={`${testId}-download`}>
            {t('actDetail.regs.download')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
