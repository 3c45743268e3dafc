import { DeleteOutlined } from '@ant-design/icons';
import type { ExhibitorEvaluation } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Popconfirm, Rate, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluationApi, evaluationKeys } from '../../api/evaluation.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { formatDateTime } from '../../i18n/dates.ts';

const PAGE_SIZE = 10;

/** One review as a card (it wraps on a phone): stars, tags, text, the exhibitor's reply, the show switch and delete. */
function ReviewCard({ review }: { review: ExhibitorEvaluation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await evaluationApi.remove(review.id);
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
      feedback.message().success(t('catalog.review.removed'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <List.Item data-testid={`host-review-${review.id}`} style={{ display: 'block' }}>
      <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap size={8}>
          <Typography.Text strong>{review.authorName}</Typography.Text>
          <Rate disabled value={review.rating} style={{ fontSize: 14 }} aria-label={`${t('evaluation.rating')} ${review.rating}`} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(review.createAt)}
          </Typography.Text>
        </Space>
        {review.tags.length ? (
          <Space wrap size={4}>
            {review.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        ) : null}
        <Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>{review.content}</Typography.Paragraph>
        {review.reply ? (
          <div style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 6, padding: '6px 10px' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('catalog.review.reply')} · {formatDateTime(review.replyAt)}
            </Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>{review.reply}</Typography.Paragraph>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('catalog.review.noReply')}</Typography.Text>
        )}
        <Space wrap size={16}>
          <Space size={6}>
            <ShowSwitch
              checked={review.isShow}
              save={(isShow) => evaluationApi.show(review.id, isShow)}
              invalidate={[evaluationKeys.all]}
              saved={(isShow) => t(isShow ? 'catalog.review.shown' : 'catalog.review.hidden')}
              aria-label={`${t('catalog.review.isShow')} ${review.authorName}`}
              data-testid={`host-review-show-${review.id}`}
            />
            <Typography.Text>{t(review.isShow ? 'catalog.review.shownYes' : 'catalog.review.shownNo')}</Typography.Text>
          </Space>
          <Popconfirm title={t('catalog.review.removeConfirm')} onConfirm={remove} okText={t('common.delete')} cancelText={t('common.cancel')}>
            <Button type="link" danger style={{ paddingInline: 0 }} icon={<DeleteOutlined />} data-testid={`host-review-remove-${review.id}`}>
              {t('catalog.review.action.remove')}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
    </List.Item>
  );
}

/** The host's drawer of one exhibitor's reviews (from the exhibitor list's "评价" action): filter by stars and shown state. */
export function ExhibitorReviewsDrawer({ exhibitionId, exhibitor, onClose }: { exhibitionId: string; exhibitor: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const [rating, setRating] = useState<number | 0>(0);
  const [shown, setShown] = useState<'all' | 'yes' | 'no'>('all');
  const query = { exhibitionId, exhibitorId: exhibitor.id, pageIndex, pageSize: PAGE_SIZE, rating: rating || undefined, isShow: shown === 'all' ? undefined : shown === 'yes' };
  const page = useQuery({ queryKey: evaluationKeys.page(query), queryFn: () => evaluationApi.page(query), placeholderData: keepPreviousData });
  return (
    <Drawer open title={t('evaluation.drawerTitle', { name: exhibitor.name })} onClose={onClose} size={560} destroyOnHidden>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="host-reviews">
        <Typography.Text type="secondary">{t('evaluation.hostIntro')}</Typography.Text>
        <Space wrap>
          <Select
            value={rating}
            aria-label={t('evaluation.rating')}
            style={{ width: 130 }}
            onChange={(value) => {
              setRating(value);
              setPageIndex(1);
            }}
            options={[{ value: 0, label: t('evaluation.allRatings') }, ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: t('evaluation.stars', { n }) }))]}
          />
          <Select
            value={shown}
            aria-label={t('catalog.review.isShow')}
            style={{ width: 130 }}
            onChange={(value) => {
              setShown(value);
              setPageIndex(1);
            }}
            options={[
              { value: 'all', label: t('catalog.review.repliedAll') },
              { value: 'yes', label: t('catalog.review.shownYes') },
              { value: 'no', label: t('catalog.review.shownNo') },
            ]}
          />
        </Space>
        <List
          loading={page.isLoading}
          dataSource={page.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('catalog.review.empty')} /> }}
          renderItem={(review) => <ReviewCard review={review} />}
          pagination={(page.data?.totalCount ?? 0) > PAGE_SIZE ? { current: pageIndex, pageSize: PAGE_SIZE, total: page.data?.totalCount ?? 0, onChange: setPageIndex, showSizeChanger: false, size: 'small' } : false}
        />
      </Space>
    </Drawer>
  );
}
