import { cardCreateBody, cardPatchBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { cardApi, cardKeys } from '../../api/cards.ts';
import { hostAuditKeys, hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { cardFields, cardFormValues } from '../../components/CardForm.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { useExhibitorOptions } from './exhibitorShared.tsx';

const LIST = '/live/index/admin/card';

/**
 * /live/index/admin/card/edit: `?id` edits a badge, otherwise the host adds one for an exhibitor of
 * the current exhibition (`?exhibitorId` chooses it, from the task-not list). The host's badge is final.
 */
export default function CardEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exhibitionId = useSession().exhibitionId;
  const [params] = useSearchParams();
  const id = params.get('id');
  const card = useQuery({ queryKey: cardKeys.detail(id ?? ''), queryFn: () => cardApi.get(id!), enabled: Boolean(id) });
  const exhibitors = useExhibitorOptions(exhibitionId, !id);
  // The exhibitor chosen from task-not may lie beyond the first page of options: fetch it on its own.
  const presetId = id ? null : params.get('exhibitorId');
  const preset = useQuery({ queryKey: hostExhibitorKeys.detail(presetId ?? ''), queryFn: () => hostExhibitorApi.details(presetId!), enabled: Boolean(presetId) });
  const options = useMemo(() => {
    const items = exhibitors.data?.items ?? [];
    return preset.data && !items.some((e) => e.id === preset.data.id) ? [preset.data, ...items] : items;
  }, [exhibitors.data, preset.data]);

  const fields = useMemo<FormField[]>(
    () =>
      id
        ? [{ name: 'company', label: 'cards.field.company', readOnly: true }, ...cardFields]
        : [
            {
              name: 'exhibitorId',
              label: 'cards.field.exhibitor',
              type: 'select',
              required: true,
              dynamicOptions: options.map((e) => ({ value: e.id, text: e.boothInfo ? `${e.company.name}（${e.boothInfo}）` : e.company.name })),
            },
            ...cardFields,
          ],
    [id, options],
  );
  const initialValues = useMemo(
    () => (id ? (card.data ? { ...cardFormValues(card.data), company: card.data.companyName } : undefined) : { ...cardFormValues(), exhibitorId: params.get('exhibitorId') ?? undefined }),
    [id, card.data, params],
  );

  // Two forms, not one with a schema chosen at run time, so each payload has its own call's type.
  const form = { name: 'card-edit', fields, initialValues, onCancel: () => navigate(LIST) };
  const saved = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
    feedback.message().success(t('cards.saved'), MESSAGE_SECONDS);
    navigate(LIST);
  };

  if (!exhibitionId) return <Alert type="info" showIcon title={t('cards.noExhibition')} />;
  return (
    <Card variant="borderless" className="form-card" title={t(id ? 'cards.edit.editTitle' : 'cards.edit.addTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('cards.edit.hostFinal')}</Typography.Text>
        {!initialValues || (!id && exhibitors.isPending) ? (
          <Skeleton active />
        ) : id ? (
          <ResourceForm
            {...form}
            schema={cardPatchBody}
            onSubmit={async (payload) => {
              await cardApi.update(id, payload);
              await saved();
            }}
          />
        ) : (
          <ResourceForm
            {...form}
            schema={cardCreateBody}
            onSubmit={async (payload) => {
              await cardApi.create(payload);
              await saved();
            }}
          />
        )}
      </Space>
    </Card>
  );
}
