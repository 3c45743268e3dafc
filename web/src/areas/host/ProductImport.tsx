import { JobType } from '@pavilion/contract';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hostJobApi } from '../../api/host-exhibitors.ts';
import { useExhibitionSettings } from '../../api/host-exhibition.ts';
import { productKeys } from '../../api/products.ts';
import { useSession } from '../../session/store.ts';
import { JobList, SheetImportCard, type SheetImport } from './jobs.tsx';

const productImport: SheetImport = {
  templatePath: '/api/v3/product/import/template',
  templateName: 'product-import-template.xlsx',
  upload: (file, exhibitionId, dryRun) => hostJobApi.importProducts(file, exhibitionId, dryRun),
  invalidates: [productKeys.all],
};

function ImportCard({ exhibitionId, exhibitionName }: { exhibitionId: string; exhibitionName: string }) {
  const { t } = useTranslation();
  const settings = useExhibitionSettings(exhibitionId).data;
  const limits = settings && (
    <Typography.Paragraph type="secondary" data-testid="import-limits">
      {t('products.import.limits', { products: settings.exhibitorsLoadProductNumber, pictures: settings.productImageUploadNumber })}
    </Typography.Paragraph>
  );
  return <SheetImportCard kind={productImport} exhibitionId={exhibitionId} exhibitionName={exhibitionName} intro={t('products.import.intro')} extra={limits} />;
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
