import { MessageOutlined } from '@ant-design/icons';
import { createFeedbackCommentBody, type Feedback } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackApi, feedbackKeys } from '../../api/feedback.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { feedback as toast, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';

const roleKey = (role: number): 'role.admin' | 'role.host' | 'role.exhibitor' => (role === 2 ? 'role.admin' : role === 1 ? 'role.host' : 'role.exhibitor');

const feedbackResource = defineResource<Feedback>({
  name: 'feedback',
  rowKey: 'id',
  queryKey: (p) => feedbackKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) => feedbackApi.query({ pageIndex, pageSize, keyword: filters.keyword, role: filters.role ? Number(filters.role) : undefined }),
  fields: [
    { key: 'content', label: 'feedback.content', width: 360 },
    { key: 'keyword', label: 'feedback.keyword', filter: { type: 'text' }, column: false },
    { key: 'role', label: 'feedback.role', render: (r) => i18n.t(roleKey(r.role)), filter: { type: 'select', options: [{ value: '1', label: 'role.host' }, { value: '0', label: 'role.exhibitor' }] } },
    { key: 'userName', label: 'feedback.userName' },
    { key: 'contact', label: 'feedback.contact' },
    { key: '$comments', label: 'feedback.replies', render: (r) => r.comments.length },
    { key: 'createAt', label: 'common.createAt', type: 'datetime' },
  ],
  expand: (r) => (
    <List
      size="small"
      dataSource={r.comments}
      locale={{ emptyText: i18n.t('feedback.noReply') }}
      renderItem={(c) => (
        <List.Item>
          <Typography.Text>{c.content}</Typography.Text>
          <Typography.Text type="secondary">{`${c.userName ?? ''} ${formatDateTime(c.createAt)}`}</Typography.Text>
        </List.Item>
      )}
    />
  ),
});

/** /admin/adminSuggest: feedback from hosts and exhibitors; reply (feedbackcomment) and delete. */
export default function AdminSuggest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState<Feedback | null>(null);
  return (
    <>
      <CrudPage
        crud={{
          resource: feedbackResource,
          invalidate: feedbackKeys.all,
          title: 'route.adminSuggest',
          remove: (row) => feedbackApi.remove(row.id),
          actions: (row) => (
            <Button type="link" icon={<MessageOutlined />} onClick={() => setReplying(row)}>
              {t('feedback.reply')}
            </Button>
          ),
        }}
      />
      <FormDrawer
        open={replying !== null}
        title={t('feedback.reply')}
        onClose={() => setReplying(null)}
        name="feedback-reply"
        fields={[{ name: 'content', label: 'feedback.replyContent', type: 'textarea' }]}
        schema={createFeedbackCommentBody}
        hidden={{ feedbackId: replying?.id }}
        onSubmit={async (p) => {
          await feedbackApi.reply(p.feedbackId, p.content);
          await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
          toast.message().success(t('common.saved'), MESSAGE_SECONDS);
          setReplying(null);
        }}
      />
    </>
  );
}
