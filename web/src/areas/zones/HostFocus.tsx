import { CheckOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { AuditState, type FocusApplication } from '@pavilion/contract';
import { Alert, Button, InputNumber, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { focusApi, zoneKeys } from '../../api/zones.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { stateOptions, StateTag, useReject, useZoneAction } from './shared.tsx';

const day = (s: string) => dayjs(s).format('YYYY-MM-DD HH:mm');

/** /live/index/focus: exhibitors' applications to be featured; decide, order, revoke. */
export default function HostFocus() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useZoneAction();
  const decide = (ids: string[], approve: boolean, reason?: string) =>
    act(() => focusApi.decide({ ids, auditState: approve ? 1 : 2, ...(reason ? { reason } : {}) }), 'zones.done.decided', { count: ids.length });
  const rejecting = useReject((ids, reason) => decide(ids, false, reason));
  const resource = useMemo(
    () =>
      defineResource<FocusApplication>({
        name: 'focus',
        rowKey: 'id',
        queryKey: (params) => zoneKeys.focus({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) =>
          focusApi.page({
            pageIndex,
            pageSize,
            exhibitionId: exhibitionId!,
            ...(filters.auditState ? { auditState: Number(filters.auditState) as 0 | 1 | 2 } : {}),
            ...(filters.target ? { target: filters.target as 'exhibitor' | 'product' } : {}),
            ...(filters.keyword ? { keyword: filters.keyword } : {}),
          }),
        fields: [
          { key: 'keyword', label: 'zones.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'companyName', label: 'zones.field.company', render: (a) => <span data-testid={`focus-row-${a.id}`}>{a.companyName}</span> },
          {
            key: '$target',
            label: 'zones.field.target',
            filter: { type: 'select', options: [{ value: 'exhibitor', label: 'zones.target.exhibitor' }, { value: 'product', label: 'zones.target.product' }] },
            render: (a) => (a.productId ? <Tag color="blue">{a.productName}</Tag> : <Tag>{t('zones.target.exhibitor')}</Tag>),
          },
          { key: '$window', label: 'zones.field.window', render: (a) => `${day(a.startAt)} – ${day(a.endAt)}` },
          { key: 'reason', label: 'zones.field.reason' },
          { key: 'auditState', label: 'zones.field.auditState', filter: { type: 'select', options: stateOptions }, render: (a) => <StateTag state={a.auditState} reason={a.auditReason} /> },
          {
            key: 'sort',
            label: 'zones.field.sort',
            render: (a) => (
              <InputNumber
                size="small"
                min={0}
                max={1_000_000}
                defaultValue={a.sort}
                aria-label={t('zones.field.sort')}
                onBlur={(e) => {
                  const v = Number(e.target.value);
                  if (Number.isInteger(v) && v !== a.sort) void act(() => focusApi.sort(a.id, v), 'zones.done.sorted');
                }}
                style={{ width: 80 }}
              />
            ),
          },
          { key: 'createAt', label: 'zones.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, act, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('zones.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('zones.intro.focus')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(a) => (
          <>
            {a.auditState === AuditState.Pending && (
              <>
                <Button type="link" icon={<CheckOutlined />} onClick={() => void decide([a.id], true)} data-testid={`focus-approve-${a.id}`}>
                  {t('zones.action.approve')}
                </Button>
                <Button type="link" danger icon={<CloseOutlined />} onClick={() => rejecting.reject([a.id])} data-testid={`focus-reject-${a.id}`}>
                  {t('zones.action.reject')}
                </Button>
              </>
            )}
            <Popconfirm title={t('zones.confirm.revoke')} onConfirm={() => act(() => focusApi.remove(a.id), 'zones.done.deleted')} okButtonProps={{ danger: true }}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('zones.action.revoke')} title={t('zones.action.revoke')} />
            </Popconfirm>
          </>
        )}
      />
      {rejecting.dialog}
    </Space>
  );
}
