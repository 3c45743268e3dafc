import { DeleteOutlined } from '@ant-design/icons';
import type { ProductEvaluation } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Rate, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogApi, catalogKeys, type ProductReviewQuery } from '../../api/catalog.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useExhibitorOptions } from './exhibitorShared.tsx';

const yesNo = (value: string | undefined) => (value ? value === 'true' : undefined);

/** The search form's values → the evaluation page's filters. */
export function reviewQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>): Omit<ProductReviewQuery, 'pageIndex' | 'pageSize'> {
  return { exhibitionId, keyword: filters.keyword || undefined, exhibitorId: filters.exhibitorId || undefined, isShow: yesNo(filters.isShow), replied: yesNo(filters.replied) };
}

/**
 * The reviews tab of /live/index/admin/product: every product review of the exhibition, with the
 * visitor's whole contact; the host hides or shows one (kept for the record) or deletes it.
 */
export function ProductReviews({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const exhibitors = useExhibitorOptions(exhibitionId);

  const resource = useMemo(
    () =>
      defineResource<ProductEvaluation>({
        name: 'productReview',
        rowKey: 'id',
        queryKey: (params) => catalogKeys.reviewPage({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => catalogApi.reviews({ pageIndex, pageSize, ...reviewQueryOf(exhibitionId, filters) }),
        fields: [
          { key: 'keyword', label: 'catalog.review.keyword', filter: { type: 'text' }, column: false },
          { key: 'productName', label: 'catalog.review.product', render: (row) => <Typography.Text strong>{row.productName}</Typography.Text> },
          { key: 'exhibitorId', label: 'catalog.review.exhibitor', column: false, filter: { type: 'choices', choices: (exhibitors.data?.items ?? []).map((e) => ({ value: e.id, text: e.company.name })) } },
          { key: 'rating', label: 'catalog.review.rating', width: 140, render: (row) => <Rate disabled value={row.rating} style={{ fontSize: 14 }} /> },
          { key: 'content', label: 'catalog.review.content', render: (row) => <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 360 }}>{row.content}</Typography.Paragraph> },
          {
            key: 'authorName',
            label: 'catalog.review.author',
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{row.authorName}</Typography.Text>
                {row.authorContact && <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{row.authorContact}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'reply',
            label: 'catalog.review.reply',
            render: (row) => (row.reply ? <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 280 }}>{row.reply}</Typography.Paragraph> : <Typography.Text type="secondary">{t('catalog.review.noReply')}</Typography.Text>),
            filter: {
              type: 'select',
              options: [
                { value: 'true', label: 'catalog.review.repliedYes' },
                { value: 'false', label: 'catalog.review.repliedNo' },
              ],
            },
          },
          { key: 'createAt', label: 'catalog.review.createAt', render: (row) => formatDateTime(row.createAt) },
          {
            key: 'isShow',
            label: 'catalog.review.isShow',
            render: (row) => (
              <ShowSwitch
                checked={row.isShow}
                save={(isShow) => catalogApi.showReview(row.id, isShow)}
                invalidate={[catalogKeys.reviews]}
                saved={(isShow) => t(isShow ? 'catalog.review.shown' : 'catalog.review.hidden')}
                aria-label={`${t('catalog.review.isShow')} ${row.productName}`}
                data-testid={`review-show-${row.id}`}
              />
            ),
            filter: {
              type: 'select',
              options: [
                { value: 'true', label: 'catalog.review.shownYes' },
                { value: 'false', label: 'catalog.review.shownNo' },
              ],
            },
          },
        ],
      }),
    [exhibitionId, exhibitors.data, t],
  );

  const remove = async (row: ProductEvaluation) => {
    try {
      await catalogApi.removeReview(row.id);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.reviews });
      feedback.message().success(t('catalog.review.removed'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('catalog.review.hostIntro')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(row) => (
          <Popconfirm title={t('catalog.review.removeConfirm')} onConfirm={() => remove(row)} okText={t('common.delete')} cancelText={t('common.cancel')}>
            <Button type="link" danger icon={<DeleteOutlined />} data-testid={`review-remove-${row.id}`}>
              {t('catalog.review.action.remove')}
            </Button>
          </Popconfirm>
        )}
      />
    </Space>
  );
}
