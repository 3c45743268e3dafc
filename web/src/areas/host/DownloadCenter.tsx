import { CloudDownloadOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { Alert, Card, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorServicesApi, exhibitorServicesKeys, useAllDownloads, type DataDownloadLog } from '../../api/exhibitorServices.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { JobList } from './jobs.tsx';

/** The log's filters as the call takes them: a file (id) and part of the company name. */
export function logQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>) {
  return { exhibitionId, ...(filters.downloadId ? { downloadId: filters.downloadId } : {}), ...(filters.companyName ? { companyName: filters.companyName } : {}) };
}

function DownloadLog({ exhibitionId }: { exhibitionId: string }) {
  const files = useAllDownloads(exhibitionId);
  const resource = useMemo(
    () =>
      defineResource<DataDownloadLog>({
        name: 'downLog',
        rowKey: 'id',
        pageSize: 20,
        queryKey: (params) => exhibitorServicesKeys.downloadLogs({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => exhibitorServicesApi.downloadLogs({ pageIndex, pageSize, ...logQueryOf(exhibitionId, filters) }),
        fields: [
          { key: 'downloadId', label: 'exSvc.center.file', column: false, filter: { type: 'choices', choices: (files.data?.items ?? []).map((f) => ({ value: f.id, text: f.title })) } },
          { key: 'companyName', label: 'exSvc.center.company', filter: { type: 'text' } },
          { key: 'title', label: 'exSvc.center.file' },
          { key: 'createAt', label: 'exSvc.center.downloadAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, files.data],
  );
  return <ResourceTable resource={resource} />;
}

/** /live/index/downCenter: who downloaded the exhibition's documents, and the host's export files to download again. */
export default function DownloadCenter() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('exSvc.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" className="page" style={{ width: '100%' }}>
      <Card variant="borderless" title={<IconTitle icon={<CloudDownloadOutlined />}>{t('exSvc.route.downCenter')}</IconTitle>}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('exSvc.center.intro')}
        </Typography.Paragraph>
      </Card>
      <Tabs
        items={[
          { key: 'logs', label: t('exSvc.center.logsTab'), children: <DownloadLog exhibitionId={exhibitionId} /> },
          {
            key: 'exports',
            label: t('exSvc.center.exportsTab'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('exSvc.center.exportsIntro')}</Typography.Text>
                <JobList exhibitionId={exhibitionId} type={JobType.ExhibitorExport} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
