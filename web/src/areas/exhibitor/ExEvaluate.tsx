import { CommentOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ProductEvaluation } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, List, Modal, Popconfirm, Rate, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogApi, catalogKeys } from '../../api/catalog.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/index.ts';

const PAGE_SIZE = 10;
const REPLY_MAX = 1000;

/** The answer dialog: a new answer or a change of the current one (mounted per review, so it starts from that review's answer). */
function ReplyDialog({ review, onClose }: { review: ProductEvaluation; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(review.reply ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await catalogApi.reply(review.id, text.trim());
      await queryClient.invalidateQueries({ queryKey: catalogKeys.reviews });
      feedback.message().success(t('catalog.review.replySaved'), MESSAGE_SECONDS);
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('catalog.review.replyTitle')}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !text.trim(), loading: busy, 'data-testid': 'review-reply-save' }}
    >
      <Typography.Paragraph type="secondary">{review.content}</Typography.Paragraph>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={REPLY_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('catalog.review.replyPlaceholder')} aria-label={t('catalog.review.reply')} data-testid="review-reply-text" />
    </Modal>
  );
}

/** One review as a card: it wraps on a phone instead of scrolling sideways. */
function ReviewItem({ review, onReply }: { review: ProductEvaluation; onReply: (r: ProductEvaluation) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const withdraw = async () => {
    try {
      await catalogApi.reply(review.id, '');
      await queryClient.invalidateQueries({ queryKey: catalogKeys.reviews });
      feedback.message().success(t('catalog.review.withdrawn'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <List.Item data-testid={`review-${review.id}`} style={{ display: 'block' }}>
      <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap size={8}>
          <Typography.Text strong>{review.productName}</Typography.Text>
          <Rate disabled value={review.rating} style={{ fontSize: 14 }} aria-label={`${t('catalog.review.rating')} ${review.rating}`} />
          {!review.isShow && <Tag color="orange">{t('catalog.review.hiddenTag')}</Tag>}
        </Space>
        <Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>{review.content}</Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[review.authorName, review.authorContact, formatDateTime(review.createAt)].filter(Boolean).join(' · ')}
        </Typography.Text>
        {review.reply ? (
          <div style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 6, padding: '6px 10px' }} data-testid={`review-reply-${review.id}`}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('catalog.review.reply')} · {formatDateTime(review.replyAt)}
            </Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>{review.reply}</Typography.Paragraph>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('catalog.review.noReply')}</Typography.Text>
        )}
        <Space wrap size={0}>
          <Button type="link" style={{ paddingInline: 0, marginInlineEnd: 16 }} icon={review.reply ? <EditOutlined /> : <CommentOutlined />} onClick={() => onReply(review)} data-testid={`review-answer-${review.id}`}>
            {t(review.reply ? 'catalog.review.action.editReply' : 'catalog.review.action.reply')}
          </Button>
          {review.reply && (
            <Popconfirm title={t('catalog.review.withdrawConfirm')} onConfirm={withdraw} okText={t('catalog.review.action.withdraw')} cancelText={t('common.cancel')}>
              <Button type="link" danger style={{ paddingInline: 0 }} icon={<RollbackOutlined />} data-testid={`review-withdraw-${review.id}`}>
                {t('catalog.review.action.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </List.Item>
  );
}

/** The product reviews tab: reviews of the exhibitor's own products (contacts masked by the server), newest first. */
export function ProductReviewList() {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [replied, setReplied] = useState<'all' | 'yes' | 'no'>('all');
  const [answering, setAnswering] = useState<ProductEvaluation | null>(null);
  const query = { pageIndex, pageSize: PAGE_SIZE, keyword: keyword || undefined, replied: replied === 'all' ? undefined : replied === 'yes' };
  const page = useQuery({ queryKey: catalogKeys.reviewPage(query), queryFn: () => catalogApi.reviews(query), placeholderData: keepPreviousData });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('catalog.review.intro')}</Typography.Text>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('catalog.review.keyword')}
          aria-label={t('catalog.review.keyword')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageIndex(1);
          }}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="review-keyword"
        />
        <Select
          value={replied}
          aria-label={t('catalog.review.replied')}
          onChange={(value) => {
            setReplied(value);
            setPageIndex(1);
          }}
          style={{ width: 140 }}
          options={[
            { value: 'all', label: t('catalog.review.repliedAll') },
            { value: 'no', label: t('catalog.review.repliedNo') },
            { value: 'yes', label: t('catalog.review.repliedYes') },
          ]}
          data-testid="review-replied"
        />
      </Space>
      <List
        loading={page.isLoading}
        dataSource={page.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('catalog.review.empty')} /> }}
        renderItem={(review) => <ReviewItem review={review} onReply={setAnswering} />}
        pagination={
          (page.data?.totalCount ?? 0) > PAGE_SIZE
            ? { current: pageIndex, pageSize: PAGE_SIZE, total: page.data?.totalCount ?? 0, onChange: setPageIndex, showSizeChanger: false, size: 'small', showTotal: (count) => t('catalog.review.total', { count }) }
            : false
        }
      />
      {answering && <ReplyDialog key={answering.id} review={answering} onClose={() => setAnswering(null)} />}
    </Space>
  );
}

/**
 * /ex-live/index/evaluate (and -en): what visitors say. One tab today, product reviews; the booth
 * (exhibitor) reviews of issue 15 become a second tab here.
 */
export default function ExEvaluate() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Tabs items={[{ key: 'products', label: t('catalog.tabs.reviews'), children: <ProductReviewList /> }]} />
    </Card>
  );
}
