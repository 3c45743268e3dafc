import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { certificateQualityCreateBody, certificateQualityPatchBody, type CertificateQuality } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateApi, productKeys, useCertificateQualities } from '../../api/products.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer, type FormField } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { categoryName } from '../exhibitor/productForm.tsx';

const fields: FormField[] = [
  { name: 'name', label: 'catalogue.field.name' },
  { name: 'nameEn', label: 'catalogue.field.nameEn' },
  { name: 'showIndex', label: 'catalogue.field.showIndex', type: 'number' },
];

/** The host's certificate types of the current exhibition ("certificate qualities"), a section of /live/index/manage/pro. */
export function CertificateQualities() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const queryClient = useQueryClient();
  const exhibitionId = useSession().exhibitionId;
  const list = useCertificateQualities(exhibitionId);
  const [editing, setEditing] = useState<CertificateQuality | 'new' | null>(null);
  if (!exhibitionId) return null;
  const items = list.data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const saved = async () => {
    setEditing(null);
    await refresh();
    feedback.message().success(t('catalogue.qualities.saved'), MESSAGE_SECONDS);
  };
  const remove = async (q: CertificateQuality) => {
    try {
      await certificateApi.removeQuality(q.id);
      await refresh();
      feedback.message().success(t('catalogue.qualities.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  return (
    <Card variant="borderless" title={t('catalogue.qualities.title')} data-testid="certificate-qualities"
      extra={<Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="quality-add">{t('catalogue.qualities.add')}</Button>}>
      <Typography.Paragraph type="secondary">{t('catalogue.qualities.intro')}</Typography.Paragraph>
      <List
        loading={list.isFetching}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('catalogue.qualities.empty')} /> }}
        renderItem={(q) => (
          <List.Item
            data-testid={`quality-${q.id}`}
            actions={[
              <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('catalogue.qualities.edit')} title={t('catalogue.qualities.edit')} onClick={() => setEditing(q)} />,
              <Popconfirm key="delete" title={t('catalogue.qualities.confirmDelete', { name: categoryName(q, en) })} onConfirm={() => remove(q)} okButtonProps={{ danger: true }}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} title={t('products.action.delete')} />
              </Popconfirm>,
            ]}
          >
            <Typography.Text strong>{categoryName(q, en)}</Typography.Text>
          </List.Item>
        )}
      />
      {editing === 'new' ? (
        <FormDrawer open title={t('catalogue.qualities.add')} onClose={() => setEditing(null)} name="quality" fields={fields} schema={certificateQualityCreateBody} hidden={{ exhibitionId }} initialValues={{ showIndex: items.length }}
          onSubmit={async (payload) => {
            await certificateApi.createQuality(payload);
            await saved();
          }} />
      ) : (
        <FormDrawer open={editing !== null} title={t('catalogue.qualities.edit')} onClose={() => setEditing(null)} name="quality" fields={fields} schema={certificateQualityPatchBody}
          initialValues={editing ? { name: editing.name, nameEn: editing.nameEn ?? '', showIndex: editing.showIndex } : undefined}
          onSubmit={async (payload) => {
            if (!editing) return;
            await certificateApi.updateQuality(editing.id, payload);
            await saved();
          }} />
      )}
    </Card>
  );
}
