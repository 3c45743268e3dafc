import { DeleteOutlined, EditOutlined, IdcardOutlined, PlusOutlined } from '@ant-design/icons';
import { AuditState, CARD_LIMIT, cardCreateBody, cardPatchBody, type Card as Badge } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Progress, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardApi, cardKeys } from '../../api/cards.ts';
import { CardThumb, CardTypeTag, cardFields, cardFormValues, PrintedTag } from '../../components/CardForm.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { AuditCell } from './AuditStatus.tsx';

/** How many more badges the exhibitor may hand in, and whether the add button is open. */
export function cardQuota(count: number, limit = CARD_LIMIT) {
  return { count, limit, left: Math.max(0, limit - count), full: count >= limit, percent: Math.min(100, Math.round((count / limit) * 100)) };
}

type Editing = { mode: 'add' } | { mode: 'edit'; card: Badge };

/** `ExCard`: the exhibitor's staff badges (参展证) with their review state; add, change (reviewed again) and delete. */
export default function ExCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const exhibitorId = useSession().exhibitorId;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const initialValues = useMemo(() => cardFormValues(editing?.mode === 'edit' ? editing.card : null), [editing]);
  const list = useQuery({
    queryKey: cardKeys.list({ exhibitorId }),
    queryFn: () => cardApi.query({ exhibitorId: exhibitorId!, pageSize: 100 }),
    enabled: Boolean(exhibitorId),
  });

  if (!exhibitorId) return <Alert type="warning" showIcon title={t('cards.missingExhibitor')} />;

  const cards = list.data?.items ?? [];
  const quota = cardQuota(list.data?.totalCount ?? 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: cardKeys.all });

  // The list shows identity numbers masked; the form gets the badge whole.
  const edit = async (card: Badge) => {
    setOpening(card.id);
    try {
      setEditing({ mode: 'edit', card: await cardApi.get(card.id) });
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setOpening(null);
    }
  };
  const remove = async (card: Badge) => {
    try {
      await cardApi.remove(card.id);
      await refresh();
      feedback.message().success(t('cards.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const drawer = {
    open: editing !== null,
    title: t(editing?.mode === 'edit' ? 'cards.edit.editTitle' : 'cards.action.add'),
    onClose: () => setEditing(null),
    name: 'excard',
    fields: cardFields,
    initialValues,
    submitLabel: 'exPages.submit' as const,
  };
  const saved = async (card: Badge) => {
    setEditing(null);
    await refresh();
    feedback.message().success(t(card.auditState === AuditState.Approved ? 'cards.saved' : 'cards.submitted'), MESSAGE_SECONDS);
  };

  const columns: TableColumnsType<Badge> = [
    { key: 'photo', title: t('cards.field.photo'), render: (_, row) => <CardThumb card={row} /> },
    {
      // Name, position and badge type in one column, phone and ID in another: the list fits 1280 px beside the menu.
      key: 'name',
      title: t('cards.field.name'),
      render: (_, row) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.position && <Typography.Text type="secondary">{row.position}</Typography.Text>}
          <CardTypeTag type={row.type} />
        </Space>
      ),
    },
    {
      key: 'phone',
      title: t('cards.field.phoneAndId'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{row.phone}</Typography.Text>
          <Typography.Text type="secondary">{row.idNumber ?? t('common.empty')}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'audit',
      title: t('cards.field.auditState'),
      render: (_, row) => <AuditCell item={row} reasonTestId="card-reason" maxWidth={180} />,
    },
    { key: 'printed', title: t('cards.field.printed'), render: (_, row) => <PrintedTag card={row} /> },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" icon={<EditOutlined />} loading={opening === row.id} onClick={() => void edit(row)} data-testid={`card-edit-${row.id}`}>
            {t('cards.action.edit')}
          </Button>
          <Popconfirm title={t('cards.confirmDelete', { name: row.name })} onConfirm={() => remove(row)} okButtonProps={{ danger: true }}>
            <Button type="link" danger icon={<DeleteOutlined />} data-testid={`card-delete-${row.id}`}>
              {t('cards.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <Card variant="borderless" title={<Space><IdcardOutlined />{t('cards.route.ex')}</Space>}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('cards.ex.intro')}
          </Typography.Paragraph>
          <Space wrap size="large" align="center">
            <Progress type="circle" size={56} percent={quota.percent} format={() => `${quota.count}/${quota.limit}`} status={quota.full ? 'exception' : 'normal'} aria-label={t('cards.ex.count', { count: quota.count, max: quota.limit })} />
            <Typography.Text strong data-testid="card-quota">
              {t('cards.ex.count', { count: quota.count, max: quota.limit })}
            </Typography.Text>
            <Button type="primary" icon={<PlusOutlined />} disabled={quota.full || list.isPending} onClick={() => setEditing({ mode: 'add' })} data-testid="card-add">
              {t('cards.action.add')}
            </Button>
          </Space>
          {quota.full && <Alert type="warning" showIcon title={t('cards.ex.limitReached')} data-testid="card-limit" />}
          <Typography.Text type="secondary">{t('cards.ex.resubmitHint')}</Typography.Text>
        </Space>
      </Card>
      <Card variant="borderless">
        <Table<Badge>
          rowKey="id"
          columns={columns}
          dataSource={cards}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('cards.ex.empty')} /> }}
          data-testid="excard-table"
        />
      </Card>
      {editing?.mode === 'edit' ? (
        <FormDrawer {...drawer} schema={cardPatchBody} onSubmit={async (payload) => saved(await cardApi.update(editing.card.id, payload))} />
      ) : (
        <FormDrawer {...drawer} schema={cardCreateBody} onSubmit={async (payload) => saved(await cardApi.create(payload))} />
      )}
    </Space>
  );
}
