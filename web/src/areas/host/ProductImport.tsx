import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { Alert, Button, Card, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostJobApi } from '../../api/host-exhibitors.ts';
import { useExhibitionSettings } from '../../api/host-exhibition.ts';
import { productKeys } from '../../api/products.ts';
import { useSession } from '../../session/store.ts';
import { JobList, useSheetImport, XlsxPicker, type SheetImport } from './jobs.tsx';

const productImport: SheetImport = {
  templatePath: '/api/v3/product/import/template',
  templateName: 'product-import-template.xlsx',
  upload: (file, exhibitionId, dryRun) => hostJobApi.importProducts(file, exhibitionId, dryRun),
  invalidates: [productKeys.all],
};

function ImportCard({ exhibitionId, exhibitionName }: { exhibitionId: string; exhibitionName: string }) {
  const { t } = useTranslation();
  const [dryRun, setDryRun] = useState(false);
  const { template, upload, uploading } = useSheetImport(productImport, exhibitionId);
  const settings = useExhibitionSettings(exhibitionId).data;
  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t('hostEx.list.current', { name: exhibitionName })}</Typography.Paragraph>
      <Typography.Paragraph>{t('products.import.intro')}</Typography.Paragraph>
      {settings && (
        <Typography.Paragraph type="secondary" data-testid="import-limits">
          {t('products.import.limits', { products: settings.exhibitorsLoadProductNumber, pictures: settings.productImageUploadNumber })}
        </Typography.Paragraph>
      )}
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

/** /live/index/admin/pro-task: import products from .xlsx (template, dry run) and the product import jobs with progress and row errors. */
export default function ProductImport() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ImportCard exhibitionId={exhibitionId} exhibitionName={session.exhibitionInfo?.name ?? ''} />
      <JobList exhibitionId={exhibitionId} type={JobType.ProductImport} />
    </Space>
  );
}
