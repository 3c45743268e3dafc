import { DeleteOutlined, EyeOutlined, EditOutlined, PlusOutlined, PrinterOutlined, TeamOutlined } from '@ant-design/icons';
import { AuditState, type Card, type CardQuery, type CardType } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cardApi, cardKeys } from '../../api/cards.ts';
import { hostAuditKeys, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { CardThumb, CardTypeTag, cardTypeOptions, PrintedTag, selectable } from '../../components/CardForm.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { AuditToolbar, useAuditDecide } from './audit/AuditToolbar.tsx';
import { auditStateColumn, auditStateOf } from './hostServiceShared.tsx';

/** The search form's values → the contract's query. */
export function cardQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>): Partial<CardQuery> {
  return {
    exhibitionId,
    keyword: filters.keyword || undefined,
    companyName: filters.companyName || undefined,
    auditState: auditStateOf(filters.auditState),
    printed: filters.printed ? filters.printed === 'true' : undefined,
    type: (filters.type as CardType | undefined) || undefined,
  };
}

/** /live/index/admin/card: the exhibition's staff badges; approve or reject (also in bulk), mark printed, edit, delete. */
export default function Cards() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exhibitionId = useSession().exhibitionId;
  const [selected, setSelected] = useState<Key[]>([]);
  const [rows, setRows] = useState<Card[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const decide = useAuditDecide(cardApi.decide, [cardKeys.all], (ids) => setSelected((keys) => keys.filter((k) => !ids.includes(String(k)))));

  const resource = useMemo(
    () =>
      defineResource<Card>({
        name: 'card',
        rowKey: 'id',
        queryKey: (params) => cardKeys.list({ exhibitionId, ...params }),
        fetch: async ({ pageIndex, pageSize, filters }) => {
          const page = await cardApi.query({ pageIndex, pageSize, ...cardQueryOf(exhibitionId!, filters) });
          setRows(page.items);
          return page;
        },
        fields: [
          { key: 'keyword', label: 'cards.field.keyword', filter: { type: 'text' }, column: false },
          { key: '$photo', label: 'cards.field.photo', render: (row) => <CardThumb card={row} /> },
          {
            key: 'name',
            label: 'cards.field.name',
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{row.name}</Typography.Text>
                <Typography.Text type="secondary">{row.position}</Typography.Text>
              </Space>
            ),
          },
          auditStateColumn<Card>('cards.field.auditState'),
          {
            key: 'printed',
            label: 'cards.field.printed',
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <PrintedTag card={row} />
                {row.printedAt && <Typography.Text type="secondary">{formatDateTime(row.printedAt)}</Typography.Text>}
              </Space>
            ),
            filter: {
              type: 'select',
              options: [
                { value: 'true', label: 'cards.printed.yes' },
                { value: 'false', label: 'cards.printed.no' },
              ],
            },
          },
          { key: 'companyName', label: 'cards.field.company', filter: { type: 'text' } },
          {
            key: 'phone',
            label: 'cards.field.phone',
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{row.phone}</Typography.Text>
                {row.idNumber && <Typography.Text type="secondary" title={t('cards.field.idNumber')}>{row.idNumber}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'type', label: 'cards.field.type', render: (row) => <CardTypeTag type={row.type} />, filter: { type: 'select', options: cardTypeOptions } },
          { key: 'submitAt', label: 'cards.field.submitAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, t],
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('cards.noExhibition')} />;

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
  const run = async (work: () => Promise<string>, ids: string[]) => {
    try {
      const done = await work();
      setSelected((keys) => keys.filter((k) => !ids.includes(String(k))));
      await refresh();
      feedback.message().success(done, MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const print = (ids: string[], printed: boolean) =>
    run(async () => {
      const { updated } = await cardApi.printed(ids, printed);
      return t(printed ? 'cards.printedDone' : 'cards.unprintedDone', { count: updated });
    }, ids);
  const remove = (card: Card) =>
    run(async () => {
      await cardApi.remove(card.id);
      return t('cards.deleted');
    }, [card.id]);

  const pending = selectable(rows, selected, 0);
  const approved = selectable(rows, selected, 1);

  return (
    <>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        extra={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/live/index/admin/card/edit')} data-testid="card-add">
              {t('cards.action.add')}
            </Button>
            <AuditToolbar variant="bulk" ids={pending} decide={decide} testIds={{ approve: 'card-bulk-approve', reject: 'card-bulk-reject' }} />
            <Button icon={<PrinterOutlined />} disabled={!approved.length} onClick={() => print(approved, true)} data-testid="card-bulk-printed">
              {t('cards.action.bulkPrinted', { count: approved.length })}
            </Button>
            <Button type="link" icon={<TeamOutlined />} onClick={() => navigate('/live/index/admin/card/task')} data-testid="card-task-link">
              {t('cards.route.task')}
            </Button>
            <Button type="link" icon={<TeamOutlined />} onClick={() => navigate('/live/index/admin/card/task-not')} data-testid="card-task-not-link">
              {t('cards.route.taskNot')}
            </Button>
          </Space>
        }
        actions={(row) => (
          <>
            {row.submitAt && (
              <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row.id)} data-testid={`card-view-${row.id}`}>
                {t('audit.view')}
              </Button>
            )}
            {row.auditState === AuditState.Pending && <AuditToolbar ids={[row.id]} decide={decide} testIds={{ approve: `card-approve-${row.id}`, reject: `card-reject-${row.id}` }} />}
            {row.auditState === AuditState.Approved && (
              <Button type="link" icon={<PrinterOutlined />} onClick={() => print([row.id], !row.printed)} data-testid={`card-print-${row.id}`}>
                {t(row.printed ? 'cards.action.unmarkPrinted' : 'cards.action.markPrinted')}
              </Button>
            )}
            <Tooltip title={t('cards.action.edit')}>
              <Button type="link" icon={<EditOutlined />} aria-label={t('cards.action.edit')} onClick={() => navigate(`/live/index/admin/card/edit?id=${row.id}`)} data-testid={`card-edit-${row.id}`} />
            </Tooltip>
            <Popconfirm title={t('cards.confirmDelete', { name: row.name })} onConfirm={() => remove(row)} okButtonProps={{ danger: true }}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('cards.action.delete')} title={t('cards.action.delete')} data-testid={`card-delete-${row.id}`} />
            </Popconfirm>
          </>
        )}
      />
      <AuditDetailDrawer target={viewing ? { type: 'card', id: viewing } : null} onClose={() => setViewing(null)} decide={decide} />
    </>
  );
}
