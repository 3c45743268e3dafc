import { CommentOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ProductEvaluation } from '@pavilion/contract';
import type { QueryKey } from '@tanstack/react-query';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, List, Modal, Popconfirm, Rate, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { catalogApi, catalogKeys } from '../../api/catalog.ts';
import { evaluationApi, evaluationKeys } from '../../api/evaluation.ts';
import { useGate } from '../../session/features.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/dates.ts';

const PAGE_SIZE = 10;
const REPLY_MAX = 1000;

/** What the list shows of a review, product or company: the product's name and the masked contact only for products. */
type Review = Pick<ProductEvaluation, 'id' | 'rating' | 'content' | 'reply' | 'replyAt' | 'isShow' | 'authorName' | 'createAt'> & { productName?: string; authorContact?: string | null; tags?: string[] };
/** Where a list's replies go and which queries they refresh: product reviews or company reviews answer the same way. */
type ReplySource = { reply: (id: string, text: string) => Promise<unknown>; key: QueryKey };
const productSource: ReplySource = { reply: catalogApi.reply, key: catalogKeys.reviews };
const companySource: ReplySource = { reply: evaluationApi.reply, key: evaluationKeys.all };

/** The answer dialog: a new answer or a change of the current one (mounted per review, so it starts from that review's answer). */
function ReplyDialog({ review, source, onClose }: { review: Review; source: ReplySource; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(review.reply ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await source.reply(review.id, text.trim());
      await queryClient.invalidateQueries({ queryKey: source.key });
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
function ReviewItem({ review, source, onReply }: { review: Review; source: ReplySource; onReply: (r: Review) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const withdraw = async () => {
    try {
      await source.reply(review.id, '');
      await queryClient.invalidateQueries({ queryKey: source.key });
      feedback.message().success(t('catalog.review.withdrawn'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <List.Item data-testid={`review-${review.id}`} style={{ display: 'block' }}>
      <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap size={8}>
          {review.productName && <Typography.Text strong>{review.productName}</Typography.Text>}
          <Rate disabled value={review.rating} style={{ fontSize: 14 }} aria-label={`${t('catalog.review.rating')} ${review.rating}`} />
          {!review.isShow && <Tag color="orange">{t('catalog.review.hiddenTag')}</Tag>}
        </Space>
        {review.tags?.length ? (
          <Space wrap size={4}>
            {review.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        ) : null}
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

type ListQuery = { pageIndex: number; pageSize: number; keyword?: string | undefined; replied?: boolean | undefined };

/** One tab's list: keyword and reply-state filters, cards with reply, newest first (the server scopes it to the exhibitor). */
function ReviewList({ source, intro, keywordLabel, load, testId }: { source: ReplySource; intro: string; keywordLabel: string; load: (q: ListQuery) => { key: QueryKey; fn: () => Promise<{ items: Review[]; totalCount: number }> }; testId: string }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [replied, setReplied] = useState<'all' | 'yes' | 'no'>('all');
  const [answering, setAnswering] = useState<Review | null>(null);
  const query = load({ pageIndex, pageSize: PAGE_SIZE, keyword: keyword || undefined, replied: replied === 'all' ? undefined : replied === 'yes' });
  const page = useQuery({ queryKey: query.key, queryFn: query.fn, placeholderData: keepPreviousData });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <Typography.Text type="secondary">{intro}</Typography.Text>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={keywordLabel}
          aria-label={keywordLabel}
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
        renderItem={(review) => <ReviewItem review={review} source={source} onReply={setAnswering} />}
        pagination={
          (page.data?.totalCount ?? 0) > PAGE_SIZE
            ? { current: pageIndex, pageSize: PAGE_SIZE, total: page.data?.totalCount ?? 0, onChange: setPageIndex, showSizeChanger: false, size: 'small', showTotal: (count) => t('catalog.review.total', { count }) }
            : false
        }
      />
      {answering && <ReplyDialog key={answering.id} review={answering} source={source} onClose={() => setAnswering(null)} />}
    </Space>
  );
}

/** The product reviews tab: reviews of the exhibitor's own products (contacts masked by the server). */
export function ProductReviewList() {
  const { t } = useTranslation();
  return (
    <ReviewList
      source={productSource}
      intro={t('catalog.review.intro')}
      keywordLabel={t('catalog.review.keyword')}
      load={(q) => ({ key: catalogKeys.reviewPage(q), fn: () => catalogApi.reviews(q) })}
      testId="product-reviews"
    />
  );
}

/** The company reviews tab: visitors' reviews of the exhibitor itself, with their evaluation tags. */
export function CompanyReviewList() {
  const { t } = useTranslation();
  return (
    <ReviewList
      source={companySource}
      intro={t('evaluation.intro')}
      keywordLabel={t('evaluation.keyword')}
      load={(q) => ({ key: evaluationKeys.page(q), fn: () => evaluationApi.page(q) })}
      testId="company-reviews"
    />
  );
}

/**
 * /ex-live/index/evaluate (and -en): what visitors say. Company reviews (feature `evaluate`, the default tab) and
 * product reviews (feature `product`, `?tab=products`), each shown only with its feature.
 */
export default function ExEvaluate() {
  const { t } = useTranslation();
  // The route waits for `evaluate`; a tab disappears only once its feature is known to be off.
  const [params, setParams] = useSearchParams();
  const company = useGate('evaluate') !== 'closed';
  const products = useGate('product') !== 'closed';
  const items = [
    ...(company ? [{ key: 'company', label: t('evaluation.tab'), children: <CompanyReviewList /> }] : []),
    ...(products ? [{ key: 'products', label: t('catalog.tabs.reviews'), children: <ProductReviewList /> }] : []),
  ];
  return (
    <Card variant="borderless">
      <Tabs items={items} activeKey={params.get('tab') === 'products' || !company ? 'products' : 'company'} onChange={(key) => setParams(key === 'products' ? { tab: 'products' } : {}, { replace: true })} />
    </Card>
  );
}
