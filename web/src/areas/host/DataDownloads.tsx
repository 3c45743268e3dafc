import { FileOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { dataDownloadCreateBody, dataDownloadUpdateBody } from '@pavilion/contract';
import { Alert, Button, Card, Form, Space, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorServicesApi, exhibitorServicesKeys, type DataDownload } from '../../api/exhibitorServices.ts';
import { CrudPage, type Crud } from '../../components/CrudPage.tsx';
import { showError } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { useSession } from '../../session/store.ts';
import { safeHref } from '../../components/safeUrl.ts';

/** The title a file suggests: its name without the extension. */
export const titleOfFile = (name: string) => name.replace(/\.[^./\\]+$/, '').trim() || name;

/**
 * The file of a download entry: its value is the uploaded file's URL (`POST /api/v1/file`); the
 * upload also fills the file name, and the title when none was typed yet.
 */
export function FileUploadField({ value, onChange }: { value?: string | null; onChange?: (url: string | null) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const fileName = Form.useWatch('fileName', form) as string | undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        maxCount={1}
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const uploaded = await exhibitorServicesApi.uploadFile(file as File);
            onChange?.(uploaded.url);
            form.setFieldValue('fileName', uploaded.name);
            if (!String(form.getFieldValue('title') ?? '').trim()) form.setFieldValue('title', titleOfFile(uploaded.name));
            onSuccess?.(uploaded);
          } catch (error) {
            showError(error);
            onError?.(error as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={busy} data-testid="down-upload">
          {value ? t('exSvc.down.replace') : t('exSvc.down.upload')}
        </Button>
      </Upload>
      {value ? (
        <Typography.Link href={value} target="_blank" rel="noopener noreferrer" data-testid="down-uploaded">
          <FileOutlined /> {t('exSvc.down.uploaded', { name: fileName || value })}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{t('exSvc.down.uploadHint')}</Typography.Text>
      )}
    </Space>
  );
}

const fields: readonly FormField[] = [
  { name: 'url', label: 'exSvc.down.file', input: <FileUploadField />, required: true },
  { name: 'title', label: 'exSvc.down.title' },
  { name: 'titleEn', label: 'exSvc.down.titleEn' },
  { name: 'fileName', label: 'exSvc.down.fileName' },
  { name: 'showIndex', label: 'exSvc.down.showIndex', type: 'number' },
];
/** A new file is shown (the server's default); editing can hide it, as the list's switch can. */
const editFields: readonly FormField[] = [...fields, { name: 'isShow', label: 'exSvc.down.isShow', type: 'switch' }];

/** /live/index/down: the documents offered to the exhibitors of the current exhibition (参展资料). */
export default function DataDownloads() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();

  const crud = useMemo<Crud<DataDownload, typeof dataDownloadCreateBody, typeof dataDownloadUpdateBody> | null>(
    () =>
      exhibitionId
        ? {
            title: 'exSvc.route.down',
            invalidate: exhibitorServicesKeys.all,
            resource: defineResource<DataDownload>({
              name: 'down',
              rowKey: 'id',
              pageSize: 20,
              queryKey: (params) => exhibitorServicesKeys.downloads({ exhibitionId, ...params }),
              fetch: ({ pageIndex, pageSize }) => exhibitorServicesApi.downloads({ exhibitionId, pageIndex, pageSize }),
              fields: [
                { key: 'showIndex', label: 'exSvc.down.showIndex', type: 'number', width: 80 },
                { key: 'title', label: 'exSvc.down.title' },
                { key: 'titleEn', label: 'exSvc.down.titleEn' },
                {
                  key: 'fileName',
                  label: 'exSvc.down.file',
                  render: (row) => (
                    <Typography.Link href={safeHref(row.url) ?? undefined} target="_blank" rel="noopener noreferrer">
                      <FileOutlined /> {row.fileName || t('exSvc.down.open')}
                    </Typography.Link>
                  ),
                },
                { key: 'isShow', label: 'exSvc.down.isShow', render: (row) => (
                    <ShowSwitch
                      size="small"
                      checked={row.isShow}
                      save={(isShow) => exhibitorServicesApi.showDownload(row.id, isShow)}
                      invalidate={[exhibitorServicesKeys.all]}
                      checkedChildren={t('exSvc.down.shown')}
                      unCheckedChildren={t('exSvc.down.hidden')}
                      data-testid={`down-show-${row.id}`}
                    />
                  ) },
                { key: 'createAt', label: 'exSvc.down.createAt', type: 'datetime' },
              ],
            }),
            fields,
            editFields,
            createSchema: dataDownloadCreateBody,
            createHidden: { exhibitionId },
            updateSchema: dataDownloadUpdateBody,
            toValues: (row) => ({ url: row.url, title: row.title, titleEn: row.titleEn ?? '', fileName: row.fileName ?? '', showIndex: row.showIndex, isShow: row.isShow }),
            create: (payload) => exhibitorServicesApi.createDownload(payload),
            update: (row, payload) => exhibitorServicesApi.updateDownload(row.id, payload),
            remove: (row) => exhibitorServicesApi.removeDownload(row.id),
          }
        : null,
    [exhibitionId, t],
  );

  if (!crud) return <Alert type="info" showIcon title={t('exSvc.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" className="page" style={{ width: '100%' }}>
      <Card variant="borderless" title={<IconTitle icon={<FileOutlined />}>{t('exSvc.route.down')}</IconTitle>}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('exSvc.down.intro')}
        </Typography.Paragraph>
      </Card>
      <CrudPage crud={crud} />
    </Space>
  );
}
