import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type ProductCatalogCopyResult } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Popconfirm, Result, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogApi } from '../../api/catalog.ts';
import { useExhibitions } from '../../api/exhibition.ts';
import { productKeys } from '../../api/products.ts';
import { showError } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';

/** The counts of a copy (or of its preview) as a small table: categories and tags, copied and skipped. */
function CopyCounts({ result }: { result: ProductCatalogCopyResult }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'categories', kind: t('catalog.copy.categories'), ...result.categories },
    { key: 'tags', kind: t('catalog.copy.tags'), ...result.tags },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      data-testid={result.dryRun ? 'copy-preview' : 'copy-result'}
      columns={[
        { title: t('catalog.copy.kind'), dataIndex: 'kind' },
        { title: t('catalog.copy.copied'), dataIndex: 'copied', align: 'right' },
        { title: t('catalog.copy.skipped'), dataIndex: 'skipped', align: 'right' },
      ]}
    />
  );
}

/**
 * /live/index/basic/liveCopyProTyPe: copy the product categories and tags of a past exhibition of the
 * host into the current one. Pick the source, preview the counts (a dry run), confirm, see the result.
 */
export default function ProductCatalogCopy() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [fromId, setFromId] = useState<string | null>(null);
  const [preview, setPreview] = useState<ProductCatalogCopyResult | null>(null);
  const [result, setResult] = useState<ProductCatalogCopyResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'copy' | null>(null);
  const exhibitions = useExhibitions({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const toId = session.exhibitionId;
  if (!toId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  const past = (exhibitions.data?.items ?? []).filter((e) => e.id !== toId && (!session.hostId || e.hostId === session.hostId));

  const run = async (dryRun: boolean) => {
    if (!fromId) return;
    setBusy(dryRun ? 'preview' : 'copy');
    try {
      const answer = await catalogApi.copy({ fromExhibitionId: fromId, toExhibitionId: toId, dryRun });
      if (dryRun) setPreview(answer);
      else {
        setResult(answer);
        await queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  const nothing = (r: ProductCatalogCopyResult) => r.categories.copied + r.tags.copied === 0;

  if (result)
    return (
      <Card variant="borderless" className="form-card">
        <Result
          status="success"
          title={t('catalog.copy.resultTitle')}
          subTitle={t('catalog.copy.done', { categories: result.categories.copied, tags: result.tags.copied })}
          extra={
            <Button
              onClick={() => {
                setResult(null);
                setPreview(null);
                setFromId(null);
              }}
            >
              {t('common.back')}
            </Button>
          }
        >
          <CopyCounts result={result} />
        </Result>
      </Card>
    );

  return (
    <Card variant="borderless" className="form-card">
      <Typography.Paragraph type="secondary">{t('catalog.copy.intro', { name: session.exhibitionInfo?.name ?? '' })}</Typography.Paragraph>
      {exhibitions.data && past.length === 0 ? (
        <Empty description={t('catalog.copy.none')} />
      ) : (
        <Form layout="vertical" name="catalog-copy">
          <Form.Item label={t('catalog.copy.from')} required>
            <Select
              value={fromId}
              loading={exhibitions.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={past.map((e) => ({ value: e.id, label: e.name }))}
              onChange={(id: string) => {
                setFromId(id);
                setPreview(null);
              }}
              aria-label={t('catalog.copy.from')}
              data-testid="copy-from"
            />
          </Form.Item>
          {preview && (
            <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
              <Typography.Text strong>{t('catalog.copy.previewTitle')}</Typography.Text>
              <CopyCounts result={preview} />
              {nothing(preview) && <Alert type="info" showIcon title={t(preview.categories.skipped + preview.tags.skipped ? 'catalog.copy.nothing' : 'catalog.copy.empty')} />}
            </Space>
          )}
          <Space wrap>
            <Button icon={<EyeOutlined />} disabled={!fromId} loading={busy === 'preview'} onClick={() => run(true)} data-testid="copy-preview-button">
              {t('catalog.copy.preview')}
            </Button>
            <Popconfirm title={t('catalog.copy.confirm')} onConfirm={() => run(false)} okText={t('catalog.copy.start')} cancelText={t('common.cancel')} disabled={!preview || nothing(preview)}>
              <Button type="primary" icon={<CopyOutlined />} disabled={!preview || nothing(preview)} loading={busy === 'copy'} data-testid="copy-start">
                {t('catalog.copy.start')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      )}
    </Card>
  );
}
