import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { AuditState, JobType, type SupplyDemand, type SupplyDemandComment } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostJobKeys } from '../../api/host-exhibitors.ts';
import { supplyDemandApi, supplyDemandKeys, type SupplyDemandFilters } from '../../api/supplydemand.ts';
import { defineResource, ResourceTable, type FieldFilter } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { JobList } from '../host/jobs.tsx';
import { KindTag, useSdAction } from './shared.tsx';

const kindFilter: FieldFilter = {
  type: 'select',
  options: [
    { value: 'supply', label: 'sd.kind.supply' },
    { value: 'demand', label: 'sd.kind.demand' },
  ],
};
const auditFilter: FieldFilter = {
  type: 'select',
  options: [
    { value: String(AuditState.Pending), label: 'sd.auditState.pending' },
    { value: String(AuditState.Approved), label: 'sd.auditState.approved' },
    { value: String(AuditState.Rejected), label: 'sd.auditState.rejected' },
  ],
};
const showFilter: FieldFilter = {
  type: 'select',
  options: [
    { value: 'true', label: 'sd.action.show' },
    { value: 'false', label: 'sd.action.hide' },
  ],
};

/** The search form's values as the contract's filters. */
const filtersOf = (f: Readonly<Record<string, string>>): Partial<SupplyDemandFilters> => ({
  ...(f.kind ? { kind: f.kind as 'supply' | 'demand' } : {}),
  ...(f.auditState ? { auditState: Number(f.auditState) as AuditState } : {}),
  ...(f.isShow ? { isShow: f.isShow === 'true' } : {}),
  ...(f.keyword ? { keyword: f.keyword } : {}),
});

/** Approve or reject posts (a reason to reject); resolves whether it went through. */
function useDecide() {
  const { t } = useTranslation();
  const act = useSdAction();
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const approve = (ids: string[]) => act(() => supplyDemandApi.decide({ ids, auditState: 1 }), 'sd.done.decided', { count: ids.length });
  const dialog = rejecting && (
    <Modal
      open
      title={t('sd.rejectTitle')}
      onCancel={() => setRejecting(null)}
      okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'sd-reject-confirm' }}
      onOk={async () => {
        if (await act(() => supplyDemandApi.decide({ ids: rejecting, auditState: 2, reason: reason.trim() }), 'sd.done.decided', { count: rejecting.length })) {
          setRejecting(null);
          setReason('');
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('sd.field.reason')} htmlFor="sd-reject-reason" required>
          <Input.TextArea id="sd-reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} data-testid="sd-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { approve, reject: (ids: string[]) => setRejecting(ids), dialog };
}

function usePostResource(name: string, exhibitionId: string | null, fixed: Partial<SupplyDemandFilters>, withAuditFilter: boolean) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      defineResource<SupplyDemand>({
        name,
        rowKey: 'id',
        queryKey: (params) => supplyDemandKeys.list({ name, exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => supplyDemandApi.page({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...filtersOf(filters), ...fixed }),
        fields: [
          { key: 'kind', label: 'sd.field.kind', render: (p) => <KindTag kind={p.kind} />, filter: kindFilter },
          { key: 'keyword', label: 'sd.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'title', label: 'sd.field.title', render: (p) => <span data-testid={`sd-row-${p.id}`}>{p.title}</span> },
          { key: 'description', label: 'sd.field.description', render: (p) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }}>{p.description}</Typography.Paragraph> },
          { key: 'authorName', label: 'sd.field.author', render: (p) => `${t(`sd.author.${p.author}`)}${p.authorName ? ` · ${p.authorName}` : ''}` },
          withAuditFilter
            ? { key: 'auditState', label: 'sd.field.auditState', render: (p) => <AuditCell item={p} reasonTestId={`sd-reason-${p.id}`} />, filter: auditFilter }
            : { key: 'auditState', label: 'sd.field.auditState', render: (p) => <AuditCell item={p} reasonTestId={`sd-reason-${p.id}`} /> },
          { key: 'viewCount', label: 'sd.field.views', type: 'number' },
          { key: 'commentCount', label: 'sd.field.comments', type: 'number' },
          { key: 'createAt', label: 'sd.field.createAt', type: 'datetime' },
        ],
      }),
    [name, exhibitionId, fixed, withAuditFilter, t],
  );
}

/** /live/index/business/info: every post of the exhibition; show switch, delete, approve or reject inline. */
export default function SdInfo() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useSdAction();
  const decide = useDecide();
  const fixed = useMemo(() => ({}), []);
  const base = usePostResource('sd-info', exhibitionId, fixed, true);
  const resource = useMemo(
    () => ({
      ...base,
      fields: [
        ...base.fields,
        { key: 'isShow' as const, label: 'sd.field.isShow' as const, filter: showFilter, render: (p: SupplyDemand) => <Switch size="small" checked={p.isShow} aria-label={t('sd.field.isShow')} onChange={(on) => void act(() => supplyDemandApi.show(p.id, on), 'sd.done.shown')} data-testid={`sd-show-${p.id}`} /> },
      ],
    }),
    [base, act, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('sd.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('sd.intro.info')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(p) => (
          <>
            {p.auditState === AuditState.Pending && (
              <>
                <Button type="link" icon={<CheckOutlined />} onClick={() => void decide.approve([p.id])} data-testid={`sd-approve-${p.id}`}>
                  {t('sd.action.approve')}
                </Button>
                <Button type="link" danger icon={<CloseOutlined />} onClick={() => decide.reject([p.id])} data-testid={`sd-reject-${p.id}`}>
                  {t('sd.action.reject')}
                </Button>
              </>
            )}
            <Popconfirm title={t('sd.confirm.delete', { title: p.title })} onConfirm={() => act(() => supplyDemandApi.removeAsHost(p.id), 'sd.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `sd-delete-confirm-${p.id}` }}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('sd.action.delete')} title={t('sd.action.delete')} data-testid={`sd-delete-${p.id}`} />
            </Popconfirm>
          </>
        )}
      />
      {decide.dialog}
    </Space>
  );
}

/** /live/index/business-audit/info: the pending queue; approve or reject with a reason, one by one or selected. */
export function SdAudit() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const decide = useDecide();
  const fixed = useMemo(() => ({ auditState: AuditState.Pending }), []);
  const resource = usePostResource('sd-audit', exhibitionId, fixed, false);
  const [selected, setSelected] = useState<string[]>([]);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('sd.noExhibition')} />;
  const batch = (
    <Space>
      <Button
        icon={<CheckOutlined />}
        disabled={!selected.length}
        onClick={async () => {
          if (await decide.approve(selected)) setSelected([]);
        }}
        data-testid="sd-approve-selected"
      >
        {t('sd.action.approveSelected')}
      </Button>
      <Button danger icon={<CloseOutlined />} disabled={!selected.length} onClick={() => decide.reject(selected)} data-testid="sd-reject-selected">
        {t('sd.action.rejectSelected')}
      </Button>
    </Space>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('sd.intro.audit')}</Typography.Text>
      <ResourceTable
        resource={resource}
        extra={batch}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        actions={(p) => (
          <>
            <Button type="link" icon={<CheckOutlined />} onClick={() => void decide.approve([p.id])} data-testid={`sd-approve-${p.id}`}>
              {t('sd.action.approve')}
            </Button>
            <Button type="link" danger icon={<CloseOutlined />} onClick={() => decide.reject([p.id])} data-testid={`sd-reject-${p.id}`}>
              {t('sd.action.reject')}
            </Button>
          </>
        )}
      />
      {decide.dialog}
    </Space>
  );
}

/** /live/index/business/list: comments under the exhibition's posts; hide or delete. */
export function SdComments() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useSdAction();
  const resource = useMemo(
    () =>
      defineResource<SupplyDemandComment>({
        name: 'sd-comments',
        rowKey: 'id',
        queryKey: (params) => supplyDemandKeys.comments({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) =>
          supplyDemandApi.comments({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...(filters.keyword ? { keyword: filters.keyword } : {}), ...(filters.isShow ? { isShow: filters.isShow === 'true' } : {}) }),
        fields: [
          { key: 'keyword', label: 'sd.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'postTitle', label: 'sd.field.post' },
          { key: 'authorName', label: 'sd.field.author', render: (c) => `${t(`sd.author.${c.author}`)} · ${c.authorName}` },
          { key: 'content', label: 'sd.field.content', render: (c) => <Typography.Paragraph style={{ margin: 0, maxWidth: 420 }} data-testid={`sd-comment-${c.id}`}>{c.content}</Typography.Paragraph> },
          { key: 'isShow', label: 'sd.field.isShow', filter: showFilter, render: (c) => <Switch size="small" checked={c.isShow} aria-label={t('sd.field.isShow')} onChange={(on) => void act(() => supplyDemandApi.showComment(c.id, on), 'sd.done.shown')} data-testid={`sd-comment-show-${c.id}`} /> },
          { key: 'createAt', label: 'sd.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, act, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('sd.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('sd.intro.comments')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(c) => (
          <Popconfirm title={t('sd.confirm.deleteComment')} onConfirm={() => act(() => supplyDemandApi.removeComment(c.id), 'sd.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `sd-comment-delete-confirm-${c.id}` }}>
            <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('sd.action.delete')} title={t('sd.action.delete')} data-testid={`sd-comment-delete-${c.id}`} />
          </Popconfirm>
        )}
      />
    </Space>
  );
}

/** /live/index/business/info-export: export the exhibition's posts (a background job), its progress and download. */
export function SdExport() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useSdAction();
  const queryClient = useQueryClient();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('sd.noExhibition')} />;
  const start = async () => {
    if (await act(() => supplyDemandApi.exportPosts({ exhibitionId }), 'sd.done.exported')) await queryClient.invalidateQueries({ queryKey: hostJobKeys.all });
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph>{t('sd.intro.export')}</Typography.Paragraph>
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void start()} data-testid="sd-export">
          {t('sd.action.export')}
        </Button>
      </Card>
      <JobList exhibitionId={exhibitionId} type={JobType.SupplyDemandExport} />
    </Space>
  );
}
