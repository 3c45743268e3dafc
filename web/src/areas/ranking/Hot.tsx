import { productRankingField, rankingField, RANK_WEIGHT_MAX, RANK_WEIGHT_MIN, type ExhibitorRankingRule, type RankingPreviewItem, type RankingTarget } from '@pavilion/contract';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, InputNumber, Row, Segmented, Select, Skeleton, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rankingApi, rankingKeys } from '../../api/ranking.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';

type Rule = { field: string; direction: 'asc' | 'desc' };
type Kind = 'rules' | 'productRules';
const fieldsOf: Record<Kind, readonly string[]> = { rules: rankingField.options, productRules: productRankingField.options };
const testIdOf: Record<Kind, string> = { rules: 'hot-ex', productRules: 'hot-pro' };

/** One list of rules: each a field and a direction, reordered with up/down, a field at most once. */
function RulesEditor({ kind, rules, onChange }: { kind: Kind; rules: Rule[]; onChange: (rules: Rule[]) => void }) {
  const { t } = useTranslation();
  const unused = fieldsOf[kind].filter((f) => !rules.some((r) => r.field === f));
  const set = (i: number, rule: Rule) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rules];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  const id = testIdOf[kind];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={id}>
      {rules.map((r, i) => (
        <Space key={r.field} wrap data-testid={`${id}-rule-${i}`}>
          <Typography.Text type="secondary" style={{ display: 'inline-block', width: 20 }}>
            {i + 1}
          </Typography.Text>
          <Select
            style={{ width: 260 }}
            value={r.field}
            data-testid={`${id}-field-${i}`}
            aria-label={t('ranking.col.name')}
            options={[r.field, ...unused].map((f) => ({ value: f, label: t(`ranking.field.${f}` as never) }))}
            onChange={(field: string) => set(i, { ...r, field })}
          />
          <Segmented
            value={r.direction}
            data-testid={`${id}-dir-${i}`}
            options={(['desc', 'asc'] as const).map((d) => ({ value: d, label: t(`ranking.direction.${d}`) }))}
            onChange={(direction) => set(i, { ...r, direction: direction as Rule['direction'] })}
          />
          <Tooltip title={t('ranking.up')}>
            <Button icon={<ArrowUpOutlined />} aria-label={t('ranking.up')} data-testid={`${id}-up-${i}`} disabled={i === 0} onClick={() => move(i, -1)} />
          </Tooltip>
          <Tooltip title={t('ranking.down')}>
            <Button icon={<ArrowDownOutlined />} aria-label={t('ranking.down')} data-testid={`${id}-down-${i}`} disabled={i === rules.length - 1} onClick={() => move(i, 1)} />
          </Tooltip>
          <Tooltip title={t('ranking.remove')}>
            <Button icon={<DeleteOutlined />} aria-label={t('ranking.remove')} data-testid={`${id}-remove-${i}`} disabled={rules.length === 1} onClick={() => onChange(rules.filter((_, j) => j !== i))} />
          </Tooltip>
        </Space>
      ))}
      <Button icon={<PlusOutlined />} data-testid={`${id}-add`} disabled={!unused.length} onClick={() => onChange([...rules, { field: unused[0]!, direction: 'desc' }])}>
        {t('ranking.addRule')}
      </Button>
    </Space>
  );
}

/** The manual weight, saved when the host leaves the box or presses Enter (keyed by the saved weight, so a new one resets it). */
function WeightCell({ exhibitionId, target, item }: { exhibitionId: string; target: RankingTarget; item: RankingPreviewItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(item.rankWeight);
  // Enter, then the blur of the box disabled while saving: one save per value.
  const sent = useRef(item.rankWeight);
  const save = useMutation({
    mutationFn: (rankWeight: number) => rankingApi.weight({ exhibitionId, target, id: item.id, rankWeight }),
    onSuccess: () => {
      feedback.message().success(t('ranking.weightSaved'), MESSAGE_SECONDS);
      void queryClient.invalidateQueries({ queryKey: rankingKeys.preview(exhibitionId, target) });
    },
    onError: (error) => {
      sent.current = item.rankWeight;
      setValue(item.rankWeight);
      showError(error);
    },
  });
  const commit = () => {
    if (value === null) return setValue(item.rankWeight);
    if (value === sent.current) return;
    sent.current = value;
    save.mutate(value);
  };
  return (
    <InputNumber
      size="small"
      precision={0}
      min={RANK_WEIGHT_MIN}
      max={RANK_WEIGHT_MAX}
      value={value}
      disabled={save.isPending}
      aria-label={t('ranking.col.weight')}
      data-testid={`hot-weight-${item.id}`}
      onChange={(v) => setValue(v)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 96 }}
    />
  );
}

function Preview({ exhibitionId, target }: { exhibitionId: string; target: RankingTarget }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const preview = useQuery({ queryKey: rankingKeys.preview(exhibitionId, target), queryFn: () => rankingApi.preview(exhibitionId, target) });
  const columns: TableColumnsType<RankingPreviewItem> = [
    { title: t('ranking.col.rank'), key: 'rank', width: 64, render: (_, __, i) => i + 1 },
    { title: t('ranking.col.name'), key: 'name', ellipsis: true, render: (_, r) => (en && r.nameEn) || r.name },
    ...(target === 'product' ? [{ title: t('ranking.col.exhibitor'), dataIndex: 'exhibitorName', key: 'exhibitor', ellipsis: true }] : []),
    { title: t('ranking.col.views'), dataIndex: 'viewCount', key: 'views', width: 80, align: 'right' },
    ...(target === 'exhibitor' ? [{ title: t('ranking.col.likes'), dataIndex: 'likeCount', key: 'likes', width: 80, align: 'right' as const }] : []),
    { title: t('ranking.col.enquiries'), dataIndex: 'enquiryCount', key: 'enquiries', width: 80, align: 'right' },
    { title: t('ranking.col.weight'), key: 'weight', width: 120, render: (_, r) => <WeightCell key={`${r.id}:${r.rankWeight}`} exhibitionId={exhibitionId} target={target} item={r} /> },
  ];
  return (
    <Card size="small" title={t(target === 'exhibitor' ? 'ranking.previewExhibitors' : 'ranking.previewProducts')}>
      <Table<RankingPreviewItem>
        rowKey="id"
        size="small"
        data-testid={`hot-preview-${target}`}
        loading={preview.isPending}
        dataSource={preview.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 560 }}
      />
    </Card>
  );
}

/**
 * /live/index/hot: how the visitor site ranks the exhibition's exhibitors and products (`GET|PUT
 * /api/v3/exhibitorrankingrule`), with the top 20 of each under the saved rules and their manual weights.
 */
export default function Hot() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: rankingKeys.rules(exhibitionId ?? ''), queryFn: () => rankingApi.rules(exhibitionId!), enabled: !!exhibitionId });
  // The host's edits, until saved or undone; the saved rules otherwise.
  const [edited, setDraft] = useState<Pick<ExhibitorRankingRule, Kind> | null>(null);
  const stored = saved.data ? { rules: saved.data.rules, productRules: saved.data.productRules } : null;
  const draft = edited ?? stored;
  const save = useMutation({
    mutationFn: (d: Pick<ExhibitorRankingRule, Kind>) => rankingApi.save({ exhibitionId: exhibitionId!, ...d }),
    onSuccess: (answer) => {
      queryClient.setQueryData(rankingKeys.rules(exhibitionId!), answer);
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: rankingKeys.previews(exhibitionId!) });
      feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    },
    onError: showError,
  });

  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  const changed = !!edited && JSON.stringify(edited) !== JSON.stringify(stored);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('ranking.intro')}</Typography.Paragraph>
        {!draft ? (
          <Skeleton active />
        ) : (
          <>
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={12}>
                <Typography.Title level={5}>{t('ranking.exhibitorRules')}</Typography.Title>
                <RulesEditor kind="rules" rules={draft.rules} onChange={(rules) => setDraft({ ...draft, rules: rules as ExhibitorRankingRule['rules'] })} />
              </Col>
              <Col xs={24} xl={12}>
                <Typography.Title level={5}>{t('ranking.productRules')}</Typography.Title>
                <RulesEditor kind="productRules" rules={draft.productRules} onChange={(productRules) => setDraft({ ...draft, productRules: productRules as ExhibitorRankingRule['productRules'] })} />
              </Col>
            </Row>
            {changed && <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t('ranking.unsaved')} />}
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" data-testid="hot-save" loading={save.isPending} disabled={!changed} onClick={() => save.mutate(draft)}>
                {t('ranking.save')}
              </Button>
              <Button data-testid="hot-reset" disabled={!changed || save.isPending} onClick={() => setDraft(null)}>
                {t('ranking.reset')}
              </Button>
            </Space>
          </>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <Preview exhibitionId={exhibitionId} target="exhibitor" />
        </Col>
        <Col xs={24} xxl={12}>
          <Preview exhibitionId={exhibitionId} target="product" />
        </Col>
      </Row>
    </Space>
  );
}
