import { StarOutlined } from '@ant-design/icons';
import { EVALUATE_TAG_LIMIT, EVALUATE_TAG_MAX_CHARS } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluationApi, evaluationKeys } from '../../api/evaluation.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { useGate } from '../../session/features.ts';

/** The editor, mounted once the list is loaded so it starts from the saved tags. */
function TagsEditor({ exhibitionId, saved }: { exhibitionId: string; saved: string[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tags, setTags] = useState(saved);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const answer = await evaluationApi.saveTags(exhibitionId, tags);
      queryClient.setQueryData(evaluationKeys.tags(exhibitionId), answer);
      setTags(answer.tags);
      feedback.message().success(t('evaluation.tags.saved'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Select
        mode="tags"
        value={tags}
        open={false}
        suffixIcon={null}
        onChange={(next: string[]) => setTags([...new Set(next.map((x) => x.trim().slice(0, EVALUATE_TAG_MAX_CHARS)).filter(Boolean))].slice(0, EVALUATE_TAG_LIMIT))}
        placeholder={t('evaluation.tags.placeholder')}
        aria-label={t('evaluation.tags.title')}
        style={{ width: '100%' }}
        data-testid="evaluate-tags"
      />
      <Button type="primary" onClick={() => void save()} loading={busy} data-testid="evaluate-tags-save">
        {t('evaluation.tags.save')}
      </Button>
    </Space>
  );
}

/** The host's evaluation tag list (/live/index/ex-set), shown only with the `evaluate` feature. */
export function EvaluateTagsCard({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const open = useGate('evaluate') === 'open';
  const list = useQuery({ queryKey: evaluationKeys.tags(exhibitionId), queryFn: () => evaluationApi.tags(exhibitionId), enabled: open });
  if (!open) return null;
  return (
    <Card variant="borderless" title={<IconTitle icon={<StarOutlined />}>{t('evaluation.tags.title')}</IconTitle>}>
      <Typography.Paragraph type="secondary">{t('evaluation.tags.intro')}</Typography.Paragraph>
      {list.data ? <TagsEditor key={list.dataUpdatedAt} exhibitionId={exhibitionId} saved={list.data.tags} /> : <Skeleton active paragraph={{ rows: 1 }} />}
    </Card>
  );
}
