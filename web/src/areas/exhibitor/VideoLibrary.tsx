import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Form, Input, List, Popconfirm, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { VideoUpload } from '../../components/VideoUpload.tsx';
import { QuotaCard } from './QuotaCard.tsx';

type Video = { id: string; title: string; titleEn: string | null; url: string; cover: string | null };
type Values = { title: string; titleEn?: string; url?: string };

/**
 * A titled list of videos, uploaded through the resumable upload with `purpose`: the exhibitor's booth
 * videos and the host's exhibition videos share it. `extra` adds a row control (the host's show switch).
 */
export function VideoLibrary<V extends Video>({
  videos,
  loading,
  max,
  purpose,
  metadata,
  en,
  queryKey,
  create,
  update,
  remove,
  extra,
}: {
  videos: readonly V[];
  loading: boolean;
  max: number;
  purpose: string;
  metadata?: Record<string, string>;
  en: boolean;
  queryKey: readonly unknown[];
  create: (v: { title: string; titleEn: string | null; url: string; showIndex: number }) => Promise<unknown>;
  update: (id: string, v: { title: string; titleEn: string | null }) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  extra?: (v: V) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<V | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const full = videos.length >= max;
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const open = (v: V | 'new') => {
    setEditing(v);
    form.setFieldsValue(v === 'new' ? { title: '', titleEn: '', url: undefined } : { title: v.title, titleEn: v.titleEn ?? '' });
  };
  const save = async (values: Values) => {
    setSaving(true);
    try {
      const titles = { title: values.title.trim(), titleEn: values.titleEn?.trim() || null };
      if (editing === 'new') await create({ ...titles, url: values.url!, showIndex: videos.length });
      else if (editing) await update(editing.id, titles);
      setEditing(null);
      await refresh();
      feedback.message().success(t('catalogue.videos.saved'), MESSAGE_SECONDS);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  const drop = async (v: V) => {
    try {
      await remove(v.id);
      await refresh();
      feedback.message().success(t('catalogue.videos.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const title = (v: V) => (en && v.titleEn ? v.titleEn : v.title);

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <QuotaCard testId="video" count={t('catalogue.videos.count', { count: videos.length, max })} addLabel={t('catalogue.videos.add')} full={full} busy={loading} onAdd={() => open('new')} limitReached={t('catalogue.videos.limitReached')} />
      <List
        grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        loading={loading}
        dataSource={[...videos]}
        locale={{ emptyText: <Empty description={t('catalogue.videos.empty')} /> }}
        renderItem={(v) => (
          <List.Item>
            <Card
              data-testid={`video-${v.id}`}
              cover={<video src={v.url} poster={v.cover ?? undefined} controls preload="metadata" style={{ width: '100%', maxHeight: 220, background: '#000' }} aria-label={title(v)} />}
              actions={[
                ...(extra ? [<span key="extra">{extra(v)}</span>] : []),
                <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('catalogue.videos.edit')} title={t('catalogue.videos.edit')} onClick={() => open(v)} data-testid={`video-edit-${v.id}`} />,
                <Popconfirm key="delete" title={t('catalogue.videos.confirmDelete', { name: title(v) })} onConfirm={() => drop(v)} okButtonProps={{ danger: true }}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} title={t('products.action.delete')} data-testid={`video-delete-${v.id}`} />
                </Popconfirm>,
              ]}
            >
              <Card.Meta title={title(v)} />
            </Card>
          </List.Item>
        )}
      />
      <Drawer open={editing !== null} title={t(editing === 'new' ? 'catalogue.videos.add' : 'catalogue.videos.edit')} onClose={() => setEditing(null)} size={520} forceRender>
        <Form form={form} layout="vertical" name="video" onFinish={save}>
          <Form.Item name="title" label={t('catalogue.field.title')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('catalogue.field.title') }) }, { max: 100 }]}>
            <Input data-testid="video-title" />
          </Form.Item>
          <Form.Item name="titleEn" label={t('catalogue.field.titleEn')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          {editing === 'new' && (
            <Form.Item name="url" label={t('catalogue.field.video')} rules={[{ required: true, message: t('form.required', { label: t('catalogue.field.video') }) }]}>
              <VideoUpload purpose={purpose} metadata={metadata} testId="video-upload" />
            </Form.Item>
          )}
          <Space>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="video-save">{t('common.save')}</Button>
          </Space>
        </Form>
      </Drawer>
    </Space>
  );
}
