import { CopyOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useExhibitions } from '../../api/exhibition.ts';
import { hostExhibitorApi, hostExhibitorKeys, hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';

/** /live/index/admin/exhibitor-copy: copy exhibitors (all or some) of a past exhibition of the host into the current one. */
export default function ExhibitorCopy() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ fromExhibitionId: string; exhibitorIds?: string[] }>();
  const fromId = Form.useWatch('fromExhibitionId', form);
  const [busy, setBusy] = useState(false);
  const exhibitions = useExhibitions({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const past = (exhibitions.data?.items ?? []).filter((e) => e.id !== session.exhibitionId && (!session.hostId || e.hostId === session.hostId));
  const source = useQuery({
    queryKey: hostExhibitorKeys.list({ copyFrom: fromId }),
    queryFn: () => hostExhibitorApi.query({ exhibitionId: fromId, pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE }),
    enabled: Boolean(fromId),
  });
  const toId = session.exhibitionId;
  if (!toId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;

  const start = async ({ fromExhibitionId, exhibitorIds }: { fromExhibitionId: string; exhibitorIds?: string[] }) => {
    setBusy(true);
    try {
      await hostJobApi.copy({ fromExhibitionId, toExhibitionId: toId, exhibitorIds: exhibitorIds?.length ? exhibitorIds : undefined });
      feedback.message().success(t('hostEx.job.started'), MESSAGE_SECONDS);
      await Promise.all([queryClient.invalidateQueries({ queryKey: hostJobKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
      navigate('/live/index/admin/exhibitor-task3');
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="borderless" className="form-card">
      <Typography.Paragraph type="secondary">{t('hostEx.copy.intro', { name: session.exhibitionInfo?.name ?? '' })}</Typography.Paragraph>
      {exhibitions.data && past.length === 0 ? (
        <Empty description={t('hostEx.copy.none')} />
      ) : (
        <Form form={form} name="exhibitor-copy" layout="vertical" onFinish={start}>
          <Form.Item name="fromExhibitionId" label={t('hostEx.copy.from')} rules={[{ required: true, message: t('form.required', { label: t('hostEx.copy.from') }) }]}>
            <Select
              loading={exhibitions.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={past.map((e) => ({ value: e.id, label: e.name }))}
              onChange={() => form.setFieldValue('exhibitorIds', [])}
            />
          </Form.Item>
          <Form.Item name="exhibitorIds" label={t('hostEx.copy.exhibitors')}>
            <Select
              mode="multiple"
              allowClear
              disabled={!fromId}
              loading={source.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
              options={(source.data?.items ?? []).map((x) => ({ value: x.id, label: x.company.name }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<CopyOutlined />} loading={busy} data-testid="copy-start">
              {t('hostEx.copy.start')}
            </Button>
            <Button type="link" onClick={() => navigate('/live/index/admin/exhibitor-task3')}>
              {t('hostEx.copy.jobs')}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
