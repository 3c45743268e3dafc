import { CalendarOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { Appointment, AppointmentSlot, AppointmentState } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentApi, appointmentKeys, type AppointmentFilters } from '../../api/appointment.ts';
import { DatePicker, RangePicker } from '../../components/DatePicker.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { usePhone } from '../../components/actionColumn.ts';
import { AppointmentExportButton, span } from './HostAppointments.tsx';

const stateColor: Record<AppointmentState, string> = { pending: 'gold', proposed: 'blue', accepted: 'green', declined: 'default', cancelled: 'default' };
/** Start times offered in the batch form, every quarter hour. */
const clockOptions = Array.from({ length: 96 }, (_, i) => {
  const v = `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  return { value: v, label: v };
});
const lengths = [15, 20, 30, 45, 60, 90].map((n) => ({ value: n, label: String(n) }));

/** Runs a change, refreshes the lists, says what happened (or the server's reason). */
function useAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async <T,>(work: () => Promise<T>, done: MessageKey, values?: (result: T) => Record<string, unknown>): Promise<boolean> => {
    try {
      const result = await work();
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      feedback.message().success(String(t(done, values?.(result) as never)), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

/** /ex-live/index/enquiryNew (and -en): "预约洽谈", the exhibitor's meeting requests and the times it offers. */
export default function ExAppointments() {
  const { t } = useTranslation();
  const { exhibitorId, exhibitionId } = useSession();
  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('appointment.missingExhibitor')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('appointment.intro')}</Typography.Text>
      <Tabs
        items={[
          { key: 'requests', label: t('appointment.tab.requests'), children: <Requests exhibitorId={exhibitorId} /> },
          { key: 'slots', label: t('appointment.tab.slots'), children: <Slots exhibitorId={exhibitorId} /> },
        ]}
      />
    </Space>
  );
}

function Requests({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation();
  const act = useAction();
  const phone = usePhone();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const [state, setState] = useState<AppointmentState | undefined>();
  const [proposing, setProposing] = useState<Appointment | null>(null);
  const query: AppointmentFilters = { ...paging, exhibitorId, ...(state ? { state } : {}) };
  const list = useQuery({ queryKey: appointmentKeys.list(query), queryFn: () => appointmentApi.page(query), placeholderData: keepPreviousData });
  const staff = useQuery({ queryKey: appointmentKeys.staff(exhibitorId), queryFn: () => appointmentApi.staff() });
  const staffOptions = (staff.data ?? []).map((s) => ({ value: s.id, label: s.position ? `${s.name}（${s.position}）` : s.name }));
  const open = (a: Appointment) => a.state === 'pending' || a.state === 'proposed' || a.state === 'accepted';

  const columns: TableColumnsType<Appointment> = [
    {
      key: 'time',
      title: t('appointment.field.time'),
      // Day over hours, and the actions wrapping below, keep a pending request's row within a 1280 px screen beside the menu.
      render: (_, a) => (
        <Space orientation="vertical" size={0} data-testid={`appointment-time-${a.id}`}>
          <span>{dayjs(a.startAt).format('YYYY-MM-DD')}</span>
          <Typography.Text type="secondary">{`${dayjs(a.startAt).format('HH:mm')}–${dayjs(a.endAt).format('HH:mm')}`}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'visitor',
      title: t('appointment.field.visitor'),
      render: (_, a) =>
        a.shareContact && a.contactName ? (
          <Space orientation="vertical" size={0}>
            <span>{a.contactName}</span>
            {a.contactCompany && <Typography.Text type="secondary">{a.contactCompany}</Typography.Text>}
            {a.contactPhone && <Typography.Text type="secondary">{a.contactPhone}</Typography.Text>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('appointment.notShared')}</Typography.Text>
        ),
    },
    {
      key: 'subject',
      title: t('appointment.field.subject'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.subject}</span>
          {a.message && <Typography.Text type="secondary">{a.message}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('appointment.field.state'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Tag color={stateColor[a.state]} data-testid={`appointment-state-${a.id}`}>
            {t(`appointment.state.${a.state}`)}
          </Tag>
          {a.state === 'proposed' && a.proposedStartAt && a.proposedEndAt && <Typography.Text type="secondary">{span(a.proposedStartAt, a.proposedEndAt)}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'staff',
      title: t('appointment.field.staff'),
      render: (_, a) =>
        open(a) ? (
          <Select
            aria-label={t('appointment.action.assign')}
            data-testid={`appointment-staff-${a.id}`}
            style={{ minWidth: 140 }}
            placeholder={t('appointment.noStaff')}
            value={a.staffId ?? undefined}
            options={staffOptions}
            onChange={(v: string) => void act(() => appointmentApi.assign(a.id, v), 'appointment.done.assigned')}
          />
        ) : (
          (a.staffName ?? '—')
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : ('end' as const),
      render: (_, a) => (
        <Space size={0} wrap style={{ maxWidth: phone ? undefined : 200 }}>
          {(a.state === 'pending' || a.state === 'proposed') && (
            <>
              <Button type="link" icon={<CheckOutlined />} data-testid={`appointment-accept-${a.id}`} onClick={() => void act(() => appointmentApi.decide({ id: a.id, state: 'accepted' }), 'appointment.done.accepted')}>
                {t('appointment.action.accept')}
              </Button>
              <Popconfirm title={t('appointment.confirm.decline')} onConfirm={() => act(() => appointmentApi.decide({ id: a.id, state: 'declined' }), 'appointment.done.declined')} okButtonProps={{ danger: true, 'data-testid': `appointment-decline-confirm-${a.id}` }}>
                <Button type="link" danger icon={<CloseOutlined />} data-testid={`appointment-decline-${a.id}`}>
                  {t('appointment.action.decline')}
                </Button>
              </Popconfirm>
            </>
          )}
          {open(a) && (
            <Button type="link" icon={<FieldTimeOutlined />} data-testid={`appointment-propose-${a.id}`} onClick={() => setProposing(a)}>
              {t('appointment.action.propose')}
            </Button>
          )}
          <Button type="link" icon={<CalendarOutlined />} aria-label={t('appointment.action.ics')} title={t('appointment.action.ics')} data-testid={`appointment-ics-${a.id}`} onClick={() => void act(() => appointmentApi.ics(a.id), 'appointment.done.ics', (name) => ({ name }))} />
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
      <Select
        aria-label={t('appointment.field.state')}
        data-testid="appointment-state-filter"
        allowClear
        placeholder={t('appointment.anyState')}
        style={{ minWidth: 160 }}
        value={state}
        onChange={(v?: AppointmentState) => {
          setState(v);
          setPaging((p) => ({ ...p, pageIndex: 1 }));
        }}
        options={(['pending', 'proposed', 'accepted', 'declined', 'cancelled'] as const).map((s) => ({ value: s, label: t(`appointment.state.${s}`) }))}
      />
      </Space>
      <div style={{ marginBottom: 12 }}>
        <AppointmentExportButton filters={state ? { state } : {}} />
      </div>
      <Table<Appointment>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: paging.pageIndex, pageSize: paging.pageSize, total: list.data?.totalCount ?? 0, showTotal: (total) => t('common.total', { total }), onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
      />
      {proposing && <ProposeDialog appointment={proposing} onClose={() => setProposing(null)} />}
    </Card>
  );
}

function ProposeDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useAction();
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs]; message?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    const done = await act(() => appointmentApi.propose(appointment.id, { proposedStartAt: v.range[0].toISOString(), proposedEndAt: v.range[1].toISOString(), ...(v.message?.trim() ? { message: v.message.trim() } : {}) }), 'appointment.done.proposed');
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal open title={t('appointment.action.propose')} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={busy} okButtonProps={{ 'data-testid': 'appointment-propose-save' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" name="appointment-propose" initialValues={{ range: [dayjs(appointment.startAt), dayjs(appointment.endAt)] }}>
        <Form.Item name="range" label={t('appointment.field.proposed')} rules={[{ required: true, message: t('appointment.rule.proposed') }]}>
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="message" label={t('appointment.field.message')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type BatchValues = { date: Dayjs; from: string; to: string; length: number; staffId?: string };

function Slots({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation();
  const act = useAction();
  const phone = usePhone();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const [form] = Form.useForm<BatchValues>();
  const [busy, setBusy] = useState(false);
  const query = { ...paging, exhibitorId };
  const list = useQuery({ queryKey: appointmentKeys.slots(query), queryFn: () => appointmentApi.slots(query), placeholderData: keepPreviousData });
  const staff = useQuery({ queryKey: appointmentKeys.staff(exhibitorId), queryFn: () => appointmentApi.staff() });
  const create = async (v: BatchValues) => {
    setBusy(true);
    await act(
      () => appointmentApi.createSlots({ date: v.date.format('YYYY-MM-DD'), from: v.from, to: v.to, length: v.length, utcOffset: v.date.utcOffset(), ...(v.staffId ? { staffId: v.staffId } : {}) }),
      'appointment.done.slotsCreated',
      (made) => ({ count: made.length }),
    );
    setBusy(false);
  };
  const columns: TableColumnsType<AppointmentSlot> = [
    { key: 'time', title: t('appointment.field.time'), render: (_, s) => span(s.startAt, s.endAt) },
    { key: 'staff', title: t('appointment.field.staff'), render: (_, s) => s.staffName ?? '—' },
    { key: 'held', title: t('appointment.field.held'), render: (_, s) => <Tag color={s.held ? 'blue' : 'default'}>{t(s.held ? 'appointment.held' : 'appointment.free')}</Tag> },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : ('end' as const),
      render: (_, s) =>
        s.held ? null : (
          <Popconfirm title={t('appointment.confirm.deleteSlot')} onConfirm={() => act(() => appointmentApi.removeSlot(s.id), 'appointment.done.slotDeleted')} okButtonProps={{ danger: true, 'data-testid': `appointment-slot-delete-confirm-${s.id}` }}>
            <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('appointment.action.deleteSlot')} title={t('appointment.action.deleteSlot')} data-testid={`appointment-slot-delete-${s.id}`} />
          </Popconfirm>
        ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Form<BatchValues> form={form} layout={phone ? 'vertical' : 'inline'} name="appointment-slots" initialValues={{ from: '09:00', to: '12:00', length: 30 }} onFinish={(v) => void create(v)}>
          <Form.Item name="date" label={t('appointment.field.date')} rules={[{ required: true, message: t('appointment.rule.date') }]}>
            <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item name="from" label={t('appointment.field.from')} rules={[{ required: true, message: t('appointment.rule.from') }]}>
            <Select options={clockOptions} style={{ width: 100 }} showSearch />
          </Form.Item>
          <Form.Item name="to" label={t('appointment.field.to')} rules={[{ required: true, message: t('appointment.rule.to') }]}>
            <Select options={clockOptions} style={{ width: 100 }} showSearch />
          </Form.Item>
          <Form.Item name="length" label={t('appointment.field.length')}>
            <Select options={lengths} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="staffId" label={t('appointment.field.staff')}>
            <Select allowClear placeholder={t('appointment.noStaff')} style={{ minWidth: 140 }} options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="appointment-slots-create">
              {t('appointment.action.createSlots')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        <Table<AppointmentSlot>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ current: paging.pageIndex, pageSize: paging.pageSize, total: list.data?.totalCount ?? 0, showTotal: (total) => t('common.total', { total }), onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
        />
      </Card>
    </Space>
  );
}
