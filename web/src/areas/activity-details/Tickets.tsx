import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_TICKET_TYPES, type Activity, type ActivityTicketType } from '@pavilion/contract';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDetailApi, activityDetailKeys, useTicketTypes } from '../../api/activityDetails.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { timeRange } from './Overview.tsx';
import { useRemove, useSave } from './itemWrites.ts';

interface TicketValues {
  name: string;
  nameEn?: string;
  quantity?: number | null;
  sale?: [Dayjs | null, Dayjs | null] | null;
  showIndex?: number | null;
}

function TicketForm({ activity, item, onClose }: { activity: Activity; item: ActivityTicketType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TicketValues>();
  const { saving, save: write } = useSave(form, 'actDetail.tickets.saved', activityDetailKeys.ticketTypes(activity.id), onClose);
  const initial: TicketValues = item
    ? { name: item.name, nameEn: item.nameEn ?? '', quantity: item.quantity, sale: item.saleStartAt || item.saleEndAt ? [item.saleStartAt ? dayjs(item.saleStartAt) : null, item.saleEndAt ? dayjs(item.saleEndAt) : null] : null, showIndex: item.showIndex }
    : { name: '', nameEn: '', quantity: null, sale: null, showIndex: 0 };
  const save = async (values: TicketValues) => {
    const [start, end] = values.sale ?? [];
    const body = { name: values.name.trim(), nameEn: values.nameEn?.trim() || null, quantity: values.quantity!, saleStartAt: start?.toISOString() ?? null, saleEndAt: end?.toISOString() ?? null, showIndex: values.showIndex ?? 0 };
    // The server's field errors land on the form.
    await write(() => (item ? activityDetailApi.updateTicketType(item.id, body) : activityDetailApi.createTicketType({ ...body, activityId: activity.id })));
  };
  return (
    <Modal open title={t(item ? 'actDetail.tickets.edit' : 'actDetail.tickets.add')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'ticket-save' }}>
      <Form form={form} name="ticket-type" layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label={t('actDetail.tickets.name')} rules={[{ required: true, whitespace: true, message: t('actDetail.tickets.nameRequired') }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('actDetail.tickets.nameEn')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="quantity" label={t('actDetail.tickets.quantity')} rules={[{ required: true, type: 'integer', min: 1, max: 1_000_000, message: t('actDetail.tickets.quantityRequired') }]}>
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="sale"
          label={t('actDetail.tickets.sale')}
          rules={[
            {
              validator: async (_rule, value: TicketValues['sale']) => {
                const [start, end] = value ?? [];
                if (start && end && !end.isAfter(start)) throw new Error(t('actDetail.tickets.saleEndBeforeStart'));
              },
            },
          ]}
        >
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="showIndex" label={t('actDetail.tickets.showIndex')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The activity's ticket kinds: the host adds, edits and deletes them; an exhibitor reads them. */
export function Tickets({ activity, host }: { activity: Activity; host: boolean }) {
  const { t } = useTranslation();
  const tickets = useTicketTypes(activity.id);
  const [editing, setEditing] = useState<ActivityTicketType | 'new' | null>(null);
  const items = tickets.data ?? [];
  const remove = useRemove(activityDetailApi.removeTicketType, 'actDetail.tickets.deleted', activityDetailKeys.ticketTypes(activity.id));
  return (
    <Card
      size="small"
      extra={
        host && (
          <Button type="primary" icon={<PlusOutlined />} disabled={items.length >= MAX_TICKET_TYPES} onClick={() => setEditing('new')} data-testid="ticket-add">
            {t('actDetail.tickets.add')}
          </Button>
        )
      }
    >
      {!host && <Alert type="info" showIcon title={t('actDetail.tickets.readOnly')} style={{ marginBottom: 12 }} />}
      <Table<ActivityTicketType>
        rowKey="id"
        size="small"
        loading={tickets.isFetching}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('actDetail.tickets.empty')} /> }}
        data-testid="ticket-table"
        columns={[
          { key: 'name', title: t('actDetail.tickets.name'), render: (_, k) => <span data-testid={`ticket-name-${k.id}`}>{k.nameEn ? `${k.name} / ${k.nameEn}` : k.name}</span> },
          { key: 'quantity', title: t('actDetail.tickets.quantity'), dataIndex: 'quantity' },
          { key: 'taken', title: t('actDetail.tickets.taken'), dataIndex: 'taken' },
          { key: 'sale', title: t('actDetail.tickets.sale'), render: (_, k) => timeRange(k.saleStartAt, k.saleEndAt) || t('common.empty') },
          ...(host
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_: unknown, k: ActivityTicketType) => (
                    <Space size={0}>
                      <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(k)} data-testid={`ticket-edit-${k.id}`}>
                        {t('common.edit')}
                      </Button>
                      <Popconfirm title={t('actDetail.tickets.deleteConfirm', { name: k.name })} onConfirm={() => remove(k)}>
                        <Button type="link" danger icon={<DeleteOutlined />} data-testid={`ticket-delete-${k.id}`}>
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && host && <TicketForm activity={activity} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
