import { CloudDownloadOutlined, DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorServicesApi, useAllDownloads, type DataDownload } from '../../api/exhibitorServices.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { safeHref } from '../../components/safeUrl.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';

/** The title for the page's language: the English one on English pages when the host gave one. */
export const downloadTitle = (file: Pick<DataDownload, 'title' | 'titleEn'>, english: boolean) => (english && file.titleEn ? file.titleEn : file.title);

/** Saves a file by its URL under the given name (the browser may open types it shows itself); only http(s) or site addresses. */
export function saveUrl(url: string, name: string) {
  const href = safeHref(url);
  if (!href) return;
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** /ex-live/index/ExDown: the documents the host offers for this exhibition; each download is logged (`POST …/log`). */
export default function ExDown() {
  const { t, i18n } = useTranslation();
  const { exhibitionId } = useSession();
  const files = useAllDownloads(exhibitionId);
  const [busy, setBusy] = useState<string | null>(null);
  const english = i18n.language === 'en';

  const download = async (file: DataDownload) => {
    setBusy(file.id);
    try {
      // Logged first: the answer is the file as the server knows it now.
      const logged = await exhibitorServicesApi.logDownload(file.id);
      const name = logged.fileName || downloadTitle(logged, english);
      saveUrl(logged.url, name);
      feedback.message().success(t('exSvc.exDown.downloading', { name }), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<CloudDownloadOutlined />}>{t('exSvc.route.exDown')}</IconTitle>}>
        <Typography.Paragraph type="secondary">{t('exSvc.exDown.intro')}</Typography.Paragraph>
        {files.isPending ? (
          <Skeleton active />
        ) : (
          <List
            data-testid="exdown-list"
            dataSource={files.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('exSvc.exDown.empty')} /> }}
            renderItem={(file) => (
              <List.Item
                key={file.id}
                actions={[
                  <Button key="download" type="primary" icon={<DownloadOutlined />} loading={busy === file.id} onClick={() => download(file)} data-testid={`exdown-${file.id}`}>
                    {t('exSvc.exDown.download')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={<FileOutlined style={{ fontSize: 24 }} />}
                  title={downloadTitle(file, english)}
                  description={[file.fileName, formatDateTime(file.createAt)].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
