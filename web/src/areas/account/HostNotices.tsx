import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import type { Notice } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Collapse, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeApi, noticeKeys } from '../../api/feedback.ts';
import { showError } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/dates.ts';

/** The platform's notices for the host on its account home: unread first marked, opening one marks it read. */
export function HostNotices() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: noticeKeys.list({ pageIndex: 1, pageSize: 20 }), queryFn: () => noticeApi.query({ pageIndex: 1, pageSize: 20 }) });
  const en = i18n.language === 'en';
  const items = list.data?.items ?? [];
  const unread = items.filter((n) => !n.isRead);
  const read = async (body: { ids: string[] } | { all: true }) => {
    try {
      await noticeApi.read(body);
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    } catch (error) {
      showError(error);
    }
  };
  const title = (n: Notice) => (en ? n.titleEn || n.title : n.title);
  return (
    <Card
      variant="borderless"
      data-testid="host-notices"
      title={
        <Space>
          <BellOutlined />
          {t('notice.mine')}
          <Badge count={unread.length} />
        </Space>
      }
      extra={unread.length > 0 && <Button size="small" icon={<CheckOutlined />} onClick={() => void read({ all: true })}>{t('notice.readAll')}</Button>}
      loading={list.isLoading}
    >
      {items.length === 0 ? (
        <Empty description={t('notice.none')} />
      ) : (
        <Collapse
          accordion
          onChange={(keys) => {
            const id = ([] as string[]).concat(keys)[0];
            if (id && unread.some((n) => n.id === id)) void read({ ids: [id] });
          }}
          items={items.map((n) => ({
            key: n.id,
            label: (
              <Space>
                {!n.isRead && <Tag color="red">{t('notice.unread')}</Tag>}
                <Typography.Text strong={!n.isRead}>{title(n)}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(n.createAt)}</Typography.Text>
              </Space>
            ),
            children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{en ? n.contentEn || n.content : n.content}</Typography.Paragraph>,
          }))}
        />
      )}
    </Card>
  );
}
