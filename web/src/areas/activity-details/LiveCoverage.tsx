import { DeleteOutlined, ExportOutlined, SendOutlined } from '@ant-design/icons';
import { MAX_LIVE_POST_PICTURES, type Activity, type ActivityLivePost } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Image, Input, Popconfirm, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityDetailApi, activityDetailKeys } from '../../api/activityDetails.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ProductPictures } from '../exhibitor/productForm.tsx';
import { CurrentJob } from '../host/jobs.tsx';
import { useExport } from './Registrations.tsx';

type Mode = 'text' | 'photos';
const calls = {
  text: { list: activityDetailApi.posts, create: activityDetailApi.createPost, remove: activityDetailApi.removePost, key: 'posts' },
  photos: { list: activityDetailApi.photos, create: activityDetailApi.createPhotos, remove: activityDetailApi.removePhotos, key: 'photos' },
} as const;

const newestFirst = (posts: readonly ActivityLivePost[]) => [...posts].sort((a, b) => b.createAt.localeCompare(a.createAt));

/** The host's live coverage: image-text posts or a photo stream, newest first; and the live viewers' export. */
export function LiveCoverage({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('text');
  const [form] = Form.useForm<{ content?: string; pictures?: string[] }>();
  const [posting, setPosting] = useState(false);
  const call = calls[mode];
  const key = activityDetailKeys.live(activity.id, call.key);
  const posts = useQuery({ queryKey: key, queryFn: () => call.list(activity.id) });
  const viewers = useExport(activityDetailApi.exportLiveViewers, 'actDetail.live.viewersStarted');

  const post = async (values: { content?: string; pictures?: string[] }) => {
    const content = mode === 'text' ? (values.content ?? '').trim() : '';
    const pictures = values.pictures ?? [];
    setPosting(true);
    try {
      await call.create({ activityId: activity.id, content, pictures });
      feedback.message().success(t('actDetail.live.posted'), MESSAGE_SECONDS);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      showFormError(form, error);
    } finally {
      setPosting(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await call.remove(id);
      feedback.message().success(t('actDetail.live.deleted'), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Segmented<Mode>
          value={mode}
          onChange={(v) => {
            setMode(v);
            form.resetFields();
          }}
          options={[
            { value: 'text', label: t('actDetail.live.mode.text') },
            { value: 'photos', label: t('actDetail.live.mode.photos') },
          ]}
          data-testid="live-mode"
          style={{ marginBottom: 12 }}
        />
        <Form form={form} name="live-post" layout="vertical" onFinish={post}>
          {mode === 'text' && (
            <Form.Item
              name="content"
              label={t('actDetail.live.content')}
              dependencies={['pictures']}
              rules={[
                { max: 2000 },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | undefined) => {
                    if (!value?.trim() && !(getFieldValue('pictures') as string[] | undefined)?.length) throw new Error(t('actDetail.live.contentRequired'));
                  },
                }),
              ]}
            >
              <Input.TextArea rows={3} maxLength={2000} showCount data-testid="live-content" />
            </Form.Item>
          )}
          <Form.Item name="pictures" label={t('actDetail.live.pictures')} rules={mode === 'photos' ? [{ required: true, type: 'array', min: 1, message: t('actDetail.live.picturesRequired') }] : []}>
            <ProductPictures max={MAX_LIVE_POST_PICTURES} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={posting} data-testid="live-post">
            {t('actDetail.live.post')}
          </Button>
        </Form>
      </Card>
      <Card size="small">
        <Spin spinning={posts.isFetching}>
          <Flex vertical data-testid="live-list">
            {newestFirst(posts.data ?? []).map((p) => (
              <Flex key={p.id} justify="space-between" align="start" gap={8} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }} data-testid={`live-post-${p.id}`}>
                <Space orientation="vertical" style={{ minWidth: 0 }}>
                  <Space wrap>
                    <Typography.Text type="secondary">{formatDateTime(p.createAt)}</Typography.Text>
                    {p.pinned && <Tag color="red">{t('actDetail.live.pinned')}</Tag>}
                  </Space>
                  {p.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>{p.content}</Typography.Paragraph>}
                  {p.pictures.length > 0 && (
                    <Image.PreviewGroup>
                      <Space wrap size={4}>
                        {p.pictures.map((url) => (
                          <Image key={url} src={url} width={96} height={72} style={{ objectFit: 'cover' }} />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  )}
                </Space>
                <Popconfirm title={t('actDetail.live.deleteConfirm')} onConfirm={() => remove(p.id)}>
                  <Button type="link" danger icon={<DeleteOutlined />} data-testid={`live-delete-${p.id}`}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ))}
            {!posts.isFetching && !posts.data?.length && <Empty description={t('actDetail.live.empty')} />}
          </Flex>
        </Spin>
      </Card>
      <Card size="small">
        <Button icon={<ExportOutlined />} loading={viewers.busy} onClick={() => void viewers.run(activity.id)} data-testid="live-viewers-export">
          {t('actDetail.live.viewers')}
        </Button>
        {viewers.current && (
          <div style={{ marginTop: 16 }}>
            <CurrentJob id={viewers.current} title="actDetail.regs.exportProgress" done="actDetail.live.viewersDone" fallbackName="live-viewers.xlsx" download="actDetail.regs.download" testId="live-viewers" />
          </div>
        )}
      </Card>
    </Space>
  );
}
