import { DeleteOutlined, DownloadOutlined, EyeOutlined, MessageOutlined } from '@ant-design/icons';
import { AuditState, consultCategories, JobType, type AuditItem, type Consult, type ConsultCategory, type ConsultFilters } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Grid, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consultApi, consultKeys } from '../../api/consult.ts';
import { hostAuditApi, hostAuditKeys, hostJobKeys } from '../../api/host-exhibitors.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable, type FieldFilter } from '../../components/ResourceTable.tsx';
import { type MessageKey } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { AuditDetailDrawer } from '../host/audit/AuditDetailDrawer.tsx';
import { AuditToolbar, useAuditDecide } from '../host/audit/AuditToolbar.tsx';
import { JobList } from '../host/jobs.tsx';
import { auditStateFilter } from '../host/hostServiceShared.tsx';

const categoryFilter: FieldFilter = { type: 'select', options: consultCategories.map((c) => ({ value: c, label: `consult.category.${c}` as const })) };
const yesNoFilter: FieldFilter = {
  type: 'select',
  options: [
    { value: 'true', label: 'consult.yes' },
    { value: 'false', label: 'consult.no' },
  ],
};

/** The search form's values and the date range as the contract's filters. */
const filtersOf = (f: Readonly<Record<string, string>>, dates: readonly [Dayjs | null, Dayjs | null] | null): ConsultFilters => ({
  ...(f.keyword ? { keyword: f.keyword } : {}),
  ...(f.category ? { category: f.category as ConsultCategory } : {}),
  ...(f.answered ? { answered: f.answered === 'true' } : {}),
  ...(f.auditState ? { auditState: Number(f.auditState) as 0 | 1 | 2 } : {}),
  ...(dates?.[0] ? { createdFrom: dates[0].startOf('day').toISOString() } : {}),
  ...(dates?.[1] ? { createdTo: dates[1].endOf('day').toISOString() } : {}),
});

function CategoryTag({ category }: { category: ConsultCategory | null }) {
  const { t } = useTranslation();
  return category ? <Tag>{t(`consult.category.${category}`)}</Tag> : <>{t('common.empty')}</>;
}

/** One call of a consultation screen, then its lists refresh and the result is said; resolves whether it went through. */
function useConsultAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: MessageKey): Promise<boolean> => {
    try {
      await work();
      await Promise.all([queryClient.invalidateQueries({ queryKey: consultKeys.all }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all })]);
      feedback.message().success(String(t(done)), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

/** The drawer of one question: the whole text, the contact when shared, and the answer form. */
function ConsultDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const act = useConsultAction();
  const [form] = Form.useForm<{ answer: string }>();
  const one = useQuery({ queryKey: consultKeys.one(id ?? ''), queryFn: () => consultApi.get(id!), enabled: id !== null });
  const c = one.data;
  const contact = c && [c.contactName, c.contactPhone, c.contactEmail].filter(Boolean).join(' · ');
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('consult.drawerTitle')} size={screens.md ? 560 : '100%'} destroyOnHidden data-testid="consult-drawer">
      {c && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('consult.field.visitor')}>{c.visitorName ?? t('common.empty')}</Descriptions.Item>
            <Descriptions.Item label={t('consult.field.category')}>
              <CategoryTag category={c.category} />
            </Descriptions.Item>
            <Descriptions.Item label={t('consult.field.createAt')}>{formatDateTime(c.createAt)}</Descriptions.Item>
            <Descriptions.Item label={t('consult.field.question')}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="consult-question">
                {c.question}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('consult.field.contact')}>{contact || <Typography.Text type="secondary">{t('consult.field.noContact')}</Typography.Text>}</Descriptions.Item>
            <Descriptions.Item label={t('consult.field.isPublic')}>{t(c.isPublic ? 'consult.yes' : 'consult.no')}</Descriptions.Item>
            <Descriptions.Item label={t('consult.field.auditState')}>
              <AuditCell item={c} reasonTestId="consult-drawer-reason" maxWidth={360} />
            </Descriptions.Item>
            {c.answeredAt && <Descriptions.Item label={t('consult.field.answeredAt')}>{formatDateTime(c.answeredAt)}</Descriptions.Item>}
          </Descriptions>
          <Form
            form={form}
            name="consult-answer"
            layout="vertical"
            initialValues={{ answer: c.answer ?? '' }}
            onFinish={async ({ answer }) => {
              if (await act(() => consultApi.answer(c.id, answer.trim()), 'consult.done.answered')) onClose();
            }}
          >
            <Form.Item name="answer" label={t('consult.field.answer')} rules={[{ required: true, whitespace: true, message: t('consult.answerRequired') }, { max: 2000 }]}>
              <Input.TextArea rows={5} maxLength={2000} showCount data-testid="consult-answer" />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<MessageOutlined />} data-testid="consult-answer-submit">
              {t('consult.action.answer')}
            </Button>
          </Form>
        </Space>
      )}
    </Drawer>
  );
}

/** /live/index/consult/info: the exhibition's questions; read and answer in a drawer, show or hide, delete. */
export default function ConsultInfo() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useConsultAction();
  const [opened, setOpened] = useState<string | null>(null);
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const resource = useMemo(
    () =>
      defineResource<Consult>({
        name: 'consult',
        rowKey: 'id',
        queryKey: (params) => consultKeys.list({ exhibitionId, dates: dates?.map((d) => d?.toISOString() ?? null), ...params }),
        fetch: ({ pageIndex, pageSize, filters: f }) =>
          consultApi.page({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...filtersOf(f, dates) }),
        fields: [
          { key: 'keyword', label: 'consult.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'visitorName', label: 'consult.field.visitor' },
          { key: 'category', label: 'consult.field.category', render: (c) => <CategoryTag category={c.category} />, filter: categoryFilter },
          {
            key: 'question',
            label: 'consult.field.question',
            render: (c) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }} data-testid={`consult-row-${c.id}`}>
                {c.question}
              </Typography.Paragraph>
            ),
          },
          { key: '$answered', label: 'consult.field.answered', render: (c) => <Tag color={c.answeredAt ? 'green' : 'default'}>{t(c.answeredAt ? 'consult.yes' : 'consult.no')}</Tag> },
          { key: 'answered' as keyof Consult & string, label: 'consult.field.answered', filter: yesNoFilter, column: false },
          { key: 'isPublic', label: 'consult.field.isPublic', render: (c) => t(c.isPublic ? 'consult.yes' : 'consult.no') },
          {
            key: 'isShow',
            label: 'consult.field.isShow',
            render: (c) => <Switch size="small" checked={c.isShow} aria-label={t('consult.field.isShow')} onChange={(on) => void act(() => consultApi.show(c.id, on), 'consult.done.shown')} data-testid={`consult-show-${c.id}`} />,
          },
          { key: 'auditState', label: 'consult.field.auditState', render: (c) => <AuditCell item={c} reasonTestId={`consult-reason-${c.id}`} />, filter: auditStateFilter },
          { key: 'createAt', label: 'consult.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, dates, act, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('consult.noExhibition')} />;
  const exportAll = async () => {
    if (await act(() => consultApi.exportAll({ exhibitionId, ...filtersOf(applied, dates) }), 'consult.exported')) await queryClient.invalidateQueries({ queryKey: hostJobKeys.all });
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('consult.intro.info')}</Typography.Text>
      <ResourceTable
        resource={resource}
        onFilters={setApplied}
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void exportAll()} data-testid="consult-export">
              {t('consult.export')}
            </Button>
            <Typography.Text>{t('consult.field.dates')}</Typography.Text>
            <RangePicker value={dates} onChange={(v) => setDates(v)} allowEmpty={[true, true]} data-testid="consult-dates" />
          </Space>
        }
        actions={(c) => (
          <>
            <Button type="link" icon={<EyeOutlined />} onClick={() => setOpened(c.id)} aria-label={t('consult.action.open')} title={t('consult.action.open')} data-testid={`consult-open-${c.id}`} />
            <Popconfirm title={t('consult.confirm.delete')} onConfirm={() => act(() => consultApi.remove(c.id), 'consult.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `consult-delete-confirm-${c.id}` }}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('consult.action.delete')} title={t('consult.action.delete')} data-testid={`consult-delete-${c.id}`} />
            </Popconfirm>
          </>
        )}
      />
      <ConsultDrawer id={opened} onClose={() => setOpened(null)} />
      <JobList exhibitionId={exhibitionId} type={JobType.ConsultExport} />
    </Space>
  );
}

type Snapshot = { category?: ConsultCategory | null; question?: string; isPublic?: boolean };

/** /live/index/consult-audit/info: the audit centre's queue of type `consult`, pending; approve, or reject with a reason. */
export function ConsultAudit() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const [viewing, setViewing] = useState<AuditItem | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const decide = useAuditDecide(hostAuditApi.decide, [consultKeys.all], (ids) => setSelected((keys) => keys.filter((k) => !ids.includes(k))));
  const resource = useMemo(
    () =>
      defineResource<AuditItem>({
        name: 'consult-audit',
        rowKey: 'id',
        queryKey: (params) => hostAuditKeys.list({ type: 'consult', exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostAuditApi.list({ pageIndex, pageSize, exhibitionId: exhibitionId!, type: 'consult', state: AuditState.Pending, keyword: filters.keyword || undefined }),
        fields: [
          { key: 'keyword' as keyof AuditItem & string, label: 'consult.field.keyword', filter: { type: 'text' }, column: false },
          { key: '$category', label: 'consult.field.category', render: (r) => <CategoryTag category={(r.snapshot as Snapshot | null)?.category ?? null} /> },
          {
            key: '$question',
            label: 'consult.field.question',
            render: (r) => (
              <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0, maxWidth: 420 }} data-testid={`consult-audit-row-${r.targetId}`}>
                {(r.snapshot as Snapshot | null)?.question ?? r.title}
              </Typography.Paragraph>
            ),
          },
          { key: '$public', label: 'consult.field.isPublic', render: (r) => t((r.snapshot as Snapshot | null)?.isPublic ? 'consult.yes' : 'consult.no') },
          { key: 'submittedByName', label: 'consult.field.submittedBy' },
          { key: 'submitAt', label: 'consult.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('consult.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('consult.intro.audit')}</Typography.Text>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        extra={<AuditToolbar variant="bulk" ids={selected} decide={decide} testIds={{ approve: 'consult-bulk-approve', reject: 'consult-bulk-reject' }} />}
        actions={(r) => (
          <>
            <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(r)} aria-label={t('audit.view')} title={t('audit.view')} data-testid={`consult-view-${r.targetId}`} />
            <AuditToolbar ids={[r.id]} decide={decide} testIds={{ approve: `consult-approve-${r.targetId}`, reject: `consult-reject-${r.targetId}` }} />
          </>
        )}
      />
      <AuditDetailDrawer target={viewing && { type: viewing.type, id: viewing.targetId }} onClose={() => setViewing(null)} decide={decide} idsOf={(d) => [d.record.id]} />
    </Space>
  );
}
