import { EditOutlined, EyeOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { AuditState, type Member, type MemberFilters } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, memberKeys, useMemberDetail, useMemberGroups } from '../../api/members.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ContactDialog } from '../../components/ContactDialog.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { AuditToolbar, useAuditDecide } from './audit/AuditToolbar.tsx';
import { AuditStateTag } from './exhibitorShared.tsx';
import { auditStateColumn } from './hostServiceShared.tsx';

/** The audit call in the shape of the shared audit toolbar: approve is state 1, reject state 2 with its reason. */
const decideMembers = ({ ids, approve, reason }: { ids: string[]; approve: boolean; reason?: string }) => memberApi.audit({ ids, auditState: approve ? 1 : 2, ...(reason ? { reason } : {}) });

/** The list's search form (strings) → the page query's filters. */
export function memberFiltersOf(filters: Readonly<Record<string, string>>): MemberFilters {
  return {
    keyword: filters.keyword || undefined,
    groupId: filters.groupId || undefined,
    auditState: filters.auditState ? (Number(filters.auditState) as 0 | 1 | 2) : undefined,
    blacklisted: filters.blacklisted === 'true' ? 'true' : filters.blacklisted === 'false' ? 'false' : undefined,
  };
}

export const blacklistFilter = {
  type: 'select' as const,
  options: [
    { value: 'true', label: 'members.blacklist.yes' as const },
    { value: 'false', label: 'members.blacklist.no' as const },
  ],
};

export function BlacklistTag({ member }: { member: Pick<Member, 'blacklisted'> }) {
  const { t } = useTranslation();
  return member.blacklisted ? <Tag color="error">{t('members.blacklist.yes')}</Tag> : <Tag>{t('members.blacklist.no')}</Tag>;
}

/** Blacklist (with a reason, in a dialog) or restore (after a confirmation) one visitor. */
function BlacklistButton({ member, onDone }: { member: Member; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const save = async (blacklisted: boolean, reason?: string) => {
    setBusy(true);
    try {
      await memberApi.blacklist(member.id, blacklisted, reason?.trim() || undefined);
      await onDone();
      feedback.message().success(t(blacklisted ? 'members.blacklist.done' : 'members.blacklist.removed'), MESSAGE_SECONDS);
      setOpen(false);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  if (member.blacklisted)
    return (
      <Popconfirm title={t('members.blacklist.confirmRemove', { name: member.name })} onConfirm={() => save(false)} okButtonProps={{ 'data-testid': 'unblacklist-confirm' }}>
        <Button type="link" icon={<UndoOutlined />} aria-label={t('members.blacklist.remove')} title={t('members.blacklist.remove')} data-testid={`member-unblacklist-${member.id}`} />
      </Popconfirm>
    );
  return (
    <>
      <Button type="link" danger icon={<StopOutlined />} aria-label={t('members.blacklist.add')} title={t('members.blacklist.add')} onClick={() => setOpen(true)} data-testid={`member-blacklist-${member.id}`} />
      {open && (
        <Modal open title={t('members.blacklist.title', { name: member.name })} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': 'blacklist-confirm' }} okText={t('members.blacklist.add')} destroyOnHidden>
          <Typography.Paragraph type="secondary">{t('members.blacklist.hint')}</Typography.Paragraph>
          <Form form={form} layout="vertical" name="blacklist" onFinish={({ reason }) => save(true, reason)}>
            <Form.Item name="reason" label={t('members.blacklist.reason')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={3} autoFocus data-testid="blacklist-reason" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

/** The detail drawer: the visitor, its audit and blacklist, its registration answers; contact edits. */
function MemberDrawer({ id, onClose, decide, refresh }: { id: string | null; onClose: () => void; decide: ReturnType<typeof useAuditDecide>; refresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { data, isLoading } = useMemberDetail(id);
  const [editing, setEditing] = useState<'email' | 'phoneNumber' | null>(null);
  const empty = t('common.empty');
  return (
    <Drawer open={Boolean(id)} onClose={onClose} title={t('members.detail.title')} size="large" destroyOnHidden data-testid="member-drawer">
      {isLoading || !data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('members.field.name')}>{data.name}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.phoneNumber')}>
              <Space wrap>
                {data.phoneNumber ?? empty}
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing('phoneNumber')} data-testid="member-edit-phone">
                  {t('members.action.editPhone')}
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('members.field.email')}>
              <Space wrap>
                <span data-testid="member-email">{data.email ?? empty}</span>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing('email')} data-testid="member-edit-email">
                  {t('members.action.editEmail')}
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('members.field.company')}>{data.company ?? empty}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.jobTitle')}>{data.jobTitle ?? empty}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.group')}>{data.groupId ? (data.groupName ?? data.groupId) : t('members.noGroup')}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.lang')}>{t(data.lang === 'en' ? 'members.lang.en' : 'members.lang.zh')}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.auditState')}>
              <Space orientation="vertical" size={4}>
                <AuditStateTag state={data.auditState} />
                {data.auditReason && <Typography.Text type="danger">{`${t('members.detail.reason')}：${data.auditReason}`}</Typography.Text>}
                {data.auditState === AuditState.Pending && <AuditToolbar variant="panel" ids={[data.id]} decide={decide} testIds={{ approve: 'drawer-approve', reject: 'drawer-reject' }} />}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('members.field.blacklisted')}>
              <Space orientation="vertical" size={4}>
                <BlacklistTag member={data} />
                {data.blacklistReason && <Typography.Text type="secondary">{`${t('members.detail.blacklistReason')}：${data.blacklistReason}`}</Typography.Text>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('members.field.ticketNo')}>{data.ticketNo ?? empty}</Descriptions.Item>
            <Descriptions.Item label={t('members.field.createAt')}>{formatDateTime(data.createAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('members.detail.answers')}</Typography.Title>
          {data.answers.length ? (
            <Descriptions column={1} bordered size="small" data-testid="member-answers">
              {data.answers.map((a) => (
                <Descriptions.Item key={a.name} label={a.label}>
                  {a.text || empty}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Empty description={t('members.detail.noAnswers')} />
          )}
          {editing && <ContactDialog field={editing} initial={data[editing]} save={(value) => (editing === 'email' ? memberApi.email(data.id, value) : memberApi.phone(data.id, value))} onClose={() => setEditing(null)} onSaved={refresh} />}
        </Space>
      )}
    </Drawer>
  );
}

/** /live/index/admin/audience: the current exhibition's visitors (docs/members.md). */
export default function Audience() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<Member[]>([]);
  const groups = useMemberGroups(exhibitionId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
  const decide = useAuditDecide(decideMembers, [memberKeys.all], (ids) => setSelected((rows) => rows.filter((r) => !ids.includes(r.id))));

  const resource = useMemo(
    () =>
      defineResource<Member>({
        name: 'member',
        rowKey: 'id',
        queryKey: (params) => memberKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => memberApi.page({ exhibitionId: exhibitionId!, pageIndex, pageSize, ...memberFiltersOf(filters) }),
        fields: [
          { key: 'keyword', label: 'members.field.keyword', filter: { type: 'text' }, column: false },
          {
            key: 'name',
            label: 'members.field.name',
            render: (m) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{m.name}</Typography.Text>
                {m.company && <Typography.Text type="secondary">{[m.company, m.jobTitle].filter(Boolean).join(' · ')}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'phoneNumber', label: 'members.field.phoneNumber' },
          { key: 'email', label: 'members.field.email' },
          {
            key: 'groupId',
            label: 'members.field.group',
            render: (m) => (m.groupId ? (m.groupName ?? m.groupId) : t('members.noGroup')),
            filter: { type: 'choices', choices: (groups.data ?? []).map((g) => ({ value: g.id, text: `${g.name ?? g.id} (${g.count})` })) },
          },
          auditStateColumn<Member>('members.field.auditState'),
          { key: 'blacklisted', label: 'members.field.blacklisted', render: (m) => <BlacklistTag member={m} />, filter: blacklistFilter },
          { key: 'createAt', label: 'members.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, groups.data, t],
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('members.noExhibition')} />;
  const pending = selected.filter((m) => m.auditState === AuditState.Pending).map((m) => m.id);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('members.intro')}</Typography.Text>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected.map((m) => m.id) as Key[], onChange: (_keys, rows) => setSelected(rows.filter(Boolean)), preserveSelectedRowKeys: true }}
        extra={<AuditToolbar variant="bulk" ids={pending} decide={decide} testIds={{ approve: 'member-bulk-approve', reject: 'member-bulk-reject' }} />}
        actions={(m) => (
          <>
            <Button type="link" icon={<EyeOutlined />} aria-label={t('members.action.view')} title={t('members.action.view')} onClick={() => setViewing(m.id)} data-testid={`member-view-${m.id}`} />
            {m.auditState === AuditState.Pending && <AuditToolbar ids={[m.id]} decide={decide} testIds={{ approve: `member-approve-${m.id}`, reject: `member-reject-${m.id}` }} />}
            <BlacklistButton member={m} onDone={refresh} />
          </>
        )}
      />
      <MemberDrawer id={viewing} onClose={() => setViewing(null)} decide={decide} refresh={refresh} />
    </Space>
  );
}
