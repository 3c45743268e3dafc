import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_GIFTS, type LiveGift } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys } from '../../api/live.ts';
import { useSave } from '../activity-details/itemWrites.ts';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { ImageField } from '../host/ImageField.tsx';
import { useLiveAction } from './shared.tsx';

interface GiftValues {
  name: string;
  nameEn?: string | null;
  icon: string | null;
  points: number;
  isShow: boolean;
  showIndex: number;
}

function GiftDialog({ exhibitionId, gift, onClose }: { exhibitionId: string; gift: LiveGift | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GiftValues>();
  const { saving: busy, save: write } = useSave(form, 'live.done.saved', liveKeys.all, onClose);
  const save = (v: GiftValues) => {
    const body = { name: v.name.trim(), nameEn: v.nameEn?.trim() || null, icon: v.icon!, points: v.points ?? 0, isShow: v.isShow, showIndex: v.showIndex ?? 0 };
    return write(() => (gift ? liveApi.updateGift(gift.id, body) : liveApi.createGift({ ...body, exhibitionId })));
  };
  return (
    <Modal open title={t(gift ? 'live.action.edit' : 'live.action.addGift')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'live-gift-save' }} destroyOnHidden>
      <Form form={form} name="live-gift" layout="vertical" initialValues={gift ?? { points: 0, isShow: true, showIndex: 0, icon: null }} onFinish={save}>
        <Form.Item name="name" label={t('live.gift.name')} rules={[{ required: true, whitespace: true, message: t('live.rule.giftName') }, { max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('live.gift.nameEn')} rules={[{ max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="icon" label={t('live.gift.icon')} rules={[{ required: true, message: t('live.rule.giftIcon') }]}>
          <ImageField />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="points" label={t('live.gift.points')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="showIndex" label={t('live.field.showIndex')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="isShow" label={t('live.field.isShow')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The exhibition's gifts viewers may send (free tokens, docs/live.md): add, edit, show/hide, delete. */
export function GiftCatalogue({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [editing, setEditing] = useState<LiveGift | 'new' | null>(null);
  const gifts = useQuery({ queryKey: liveKeys.gifts(exhibitionId), queryFn: () => liveApi.gifts(exhibitionId) });
  const items = gifts.data ?? [];
  return (
    <Card variant="borderless">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={items.length >= MAX_GIFTS} style={{ marginBottom: 12 }} data-testid="live-gift-add">
        {t('live.action.addGift')}
      </Button>
      <Table<LiveGift>
        rowKey="id"
        loading={gifts.isPending}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'icon', title: t('live.gift.icon'), render: (_, g) => <Avatar shape="square" src={g.icon} /> },
          { key: 'name', title: t('live.gift.name'), dataIndex: 'name' },
          { key: 'nameEn', title: t('live.gift.nameEn'), render: (_, g) => g.nameEn ?? t('common.empty') },
          { key: 'points', title: t('live.gift.points'), dataIndex: 'points' },
          { key: 'showIndex', title: t('live.field.showIndex'), dataIndex: 'showIndex' },
          { key: 'isShow', title: t('live.field.isShow'), render: (_, g) => <ShowSwitch checked={g.isShow} save={(isShow) => liveApi.updateGift(g.id, { isShow })} invalidate={[liveKeys.gifts(exhibitionId)]} aria-label={`${t('live.field.isShow')} ${g.name}`} /> },
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: 'end',
            render: (_, g) => (
              <Space size={0}>
                <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(g)} aria-label={t('live.action.edit')} title={t('live.action.edit')} />
                <Popconfirm title={t('live.confirm.deleteGift', { name: g.name })} onConfirm={() => act(() => liveApi.removeGift(g.id), 'live.done.deleted')} okButtonProps={{ danger: true }}>
                  <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('live.action.delete')} title={t('live.action.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <GiftDialog exhibitionId={exhibitionId} gift={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
