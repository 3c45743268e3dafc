import { DeleteOutlined, MailOutlined, MobileOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerService as Row } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerServiceApi, customerServiceKeys, useCustomerServices } from '../../api/members.ts';
import { ContactDialog } from '../../components/ContactDialog.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';

/** /ex-live/index/user: the exhibitor's customer-service members (docs/members.md); used on phones, so a list of cards, not a table. */
export default function CustomerService() {
  const { t } = useTranslation();
  const exhibitorId = useSession().exhibitorId;
  const queryClient = useQueryClient();
  const list = useCustomerServices(exhibitorId);
  const [form] = Form.useForm<{ contact: string }>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ row: Row; field: 'email' | 'phoneNumber' } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerServiceKeys.all });
  if (!exhibitorId) return <Alert type="info" showIcon title={t('members.cs.noExhibitor')} />;

  const add = async ({ contact }: { contact: string }) => {
    setAdding(true);
    try {
      await customerServiceApi.add(exhibitorId, contact.trim());
      form.resetFields();
      await refresh();
      feedback.message().success(t('members.cs.added'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setAdding(false);
    }
  };
  const remove = async (row: Row) => {
    try {
      await customerServiceApi.remove(row.id);
      await refresh();
      feedback.message().success(t('members.cs.removed'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('members.cs.intro')}</Typography.Paragraph>
        <Form form={form} name="cs-add" onFinish={add} layout="vertical">
          <Form.Item label={t('members.cs.contact')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="contact" noStyle rules={[{ required: true, whitespace: true, message: t('members.cs.contactRequired') }, { max: 254 }]}>
                <Input allowClear autoComplete="off" aria-label={t('members.cs.contact')} data-testid="cs-contact" />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding} data-testid="cs-add">
                {t('members.cs.add')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        {list.isLoading ? (
          <Spin />
        ) : !list.data?.length ? (
          <Empty description={t('members.cs.empty')} />
        ) : (
          <List
            dataSource={list.data}
            rowKey="id"
            data-testid="cs-list"
            renderItem={(row) => (
              <List.Item key={row.id} data-testid={`cs-item-${row.id}`}>
                <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.company && <Typography.Text type="secondary">{[row.company, row.jobTitle].filter(Boolean).join(' · ')}</Typography.Text>}
                  <Typography.Text style={{ wordBreak: 'break-all' }}>
                    <MobileOutlined /> {row.phoneNumber ?? t('common.empty')}
                  </Typography.Text>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>
                    <MailOutlined /> {row.email ?? t('common.empty')}
                  </Typography.Text>
                  <Space wrap size={4}>
                    <Button size="small" onClick={() => setEditing({ row, field: 'phoneNumber' })} data-testid={`cs-edit-phone-${row.id}`}>
                      {t('members.action.editPhone')}
                    </Button>
                    <Button size="small" onClick={() => setEditing({ row, field: 'email' })} data-testid={`cs-edit-email-${row.id}`}>
                      {t('members.action.editEmail')}
                    </Button>
                    <Popconfirm title={t('members.cs.confirmRemove', { name: row.name })} onConfirm={() => remove(row)} okButtonProps={{ danger: true, 'data-testid': 'cs-remove-confirm' }}>
                      <Button size="small" danger icon={<DeleteOutlined />} data-testid={`cs-remove-${row.id}`}>
                        {t('members.cs.remove')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      {editing && (
        <ContactDialog
          field={editing.field}
          initial={editing.row[editing.field]}
          save={(value) => (editing.field === 'email' ? customerServiceApi.email(editing.row.id, value) : customerServiceApi.phone(editing.row.id, value))}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Space>
  );
}
