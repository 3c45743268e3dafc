import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_SCHEDULE_ITEMS, MAX_SPEAKERS, type Activity, type ActivitySchedule } from '@pavilion/contract';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDetailApi, activityDetailKeys, useSchedules } from '../../api/activityDetails.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { agendaTimeError } from './agendaRules.ts';
import { timeRange } from './Overview.tsx';
import { useRemove, useSave } from './itemWrites.ts';

interface AgendaValues {
  title: string;
  titleEn?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
  speakers?: { name: string; title?: string }[];
  description?: string;
  showIndex?: number | null;
}

const valuesOf = (item: ActivitySchedule | null, activity: Activity): AgendaValues =>
  item
    ? { title: item.title, titleEn: item.titleEn ?? '', time: [dayjs(item.startAt), dayjs(item.endAt)], speakers: item.speakers.map((s) => ({ name: s.name, title: s.title })), description: item.description, showIndex: item.showIndex }
    : { title: '', titleEn: '', time: [dayjs(activity.startAt), null], speakers: [], description: '', showIndex: 0 };

/** Add or edit one agenda item; times are checked against the activity's before anything is sent. */
function AgendaForm({ activity, item, onClose }: { activity: Activity; item: ActivitySchedule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgendaValues>();
  const { saving, save: write } = useSave(form, 'actDetail.agenda.saved', activityDetailKeys.schedules(activity.id), onClose);
  const save = async (values: AgendaValues) => {
    const [start, end] = values.time!;
    const body = {
      title: values.title.trim(),
      titleEn: values.titleEn?.trim() || null,
      startAt: start!.toISOString(),
      endAt: end!.toISOString(),
      speakers: (values.speakers ?? []).map((s) => ({ name: s.name.trim(), title: s.title?.trim() ?? '' })),
      description: values.description?.trim() ?? '',
      showIndex: values.showIndex ?? 0,
    };
    // The server's field errors land on the form; it names startAt / endAt, both the one range field here.
    await write(() => (item ? activityDetailApi.updateSchedule(item.id, body) : activityDetailApi.createSchedule({ ...body, activityId: activity.id })));
  };
  return (
    <Modal open title={t(item ? 'actDetail.agenda.edit' : 'actDetail.agenda.add')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden width={640} okButtonProps={{ 'data-testid': 'agenda-save' }}>
      <Form form={form} name="agenda" layout="vertical" initialValues={valuesOf(item, activity)} onFinish={save}>
        <Form.Item name="title" label={t('actDetail.agenda.title')} rules={[{ required: true, whitespace: true, message: t('actDetail.agenda.titleRequired') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('actDetail.agenda.titleEn')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="time"
          label={t('actDetail.agenda.time')}
          extra={timeRange(activity.startAt, activity.endAt)}
          rules={[
            {
              validator: async (_rule, value: AgendaValues['time']) => {
                const [start, end] = value ?? [];
                if (!start || !end) throw new Error(t('actDetail.agenda.timeRequired'));
                const error = agendaTimeError(activity, start, end);
                if (error) throw new Error(t(error, { start: formatDateTime(activity.startAt), end: formatDateTime(activity.endAt) }));
              },
            },
          ]}
        >
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="agenda-time" />
        </Form.Item>
        <Form.Item label={t('actDetail.agenda.speakers')}>
          <Form.List name="speakers">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" wrap data-testid={`agenda-speaker-${index}`}>
                    <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: t('actDetail.agenda.speakerRequired') }, { max: 50 }]} noStyle={false} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('actDetail.agenda.speakerName')} maxLength={50} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'title']} rules={[{ max: 100 }]} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('actDetail.agenda.speakerTitle')} maxLength={100} />
                    </Form.Item>
                    <Button type="text" danger icon={<MinusCircleOutlined />} aria-label={t('actDetail.agenda.removeSpeaker')} title={t('actDetail.agenda.removeSpeaker')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= MAX_SPEAKERS} onClick={() => add({ name: '', title: '' })} data-testid="agenda-add-speaker">
                  {t('actDetail.agenda.addSpeaker')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="description" label={t('actDetail.agenda.description')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="showIndex" label={t('actDetail.agenda.showIndex')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The agenda in time order; the activity's owner and the host add, edit and delete items. */
export function Agenda({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const schedules = useSchedules(activity.id);
  const [editing, setEditing] = useState<ActivitySchedule | 'new' | null>(null);
  const items = schedules.data ?? [];
  const remove = useRemove(activityDetailApi.removeSchedule, 'actDetail.agenda.deleted', activityDetailKeys.schedules(activity.id));
  return (
    <Card
      size="small"
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={items.length >= MAX_SCHEDULE_ITEMS} onClick={() => setEditing('new')} data-testid="agenda-add">
          {t('actDetail.agenda.add')}
        </Button>
      }
    >
      <Table<ActivitySchedule>
        rowKey="id"
        size="small"
        loading={schedules.isFetching}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('actDetail.agenda.empty')} /> }}
        data-testid="agenda-table"
        columns={[
          { key: 'time', title: t('actDetail.agenda.time'), render: (_, s) => `${formatDateTime(s.startAt)} ~ ${dayjs(s.endAt).format('HH:mm')}` },
          { key: 'title', title: t('actDetail.agenda.title'), render: (_, s) => <span data-testid={`agenda-title-${s.id}`}>{s.title}</span> },
          { key: 'speakers', title: t('actDetail.agenda.speakers'), render: (_, s) => s.speakers.map((p) => (p.title ? `${p.name}（${p.title}）` : p.name)).join('、') || t('common.empty') },
          { key: 'description', title: t('actDetail.agenda.description'), render: (_, s) => <Typography.Text ellipsis={{ tooltip: s.description }} style={{ maxWidth: 240 }}>{s.description || t('common.empty')}</Typography.Text> },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, s) => (
              <Space size={0}>
                <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(s)} data-testid={`agenda-edit-${s.id}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('actDetail.agenda.deleteConfirm', { title: s.title })} onConfirm={() => remove(s)}>
                  <Button type="link" danger icon={<DeleteOutlined />} data-testid={`agenda-delete-${s.id}`}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <AgendaForm activity={activity} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
