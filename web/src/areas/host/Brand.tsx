import { CheckCircleOutlined, EditOutlined, ExclamationCircleOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Exhibitor } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyNames } from './exhibitorShared.tsx';
import { Link } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { hostServiceKeys } from '../../api/hostServices.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { BRAND_TYPES, useBrandTopics } from './BrandEdit.tsx';
import { SubScreenLinks } from './hostServiceShared.tsx';

/** Search form → the exhibitor query of the brand list (only exhibitors in a brand topic). */
export const brandQueryOf = (exhibitionId: string, filters: Readonly<Record<string, string>>) => ({
  exhibitionId,
  hasBrandTopic: true,
  companyName: filters.company || undefined,
  pTopic: filters.pTopic || undefined,
});

/** The topic's time window as text: "start 至 end", one side open, or "always". */
export function BrandWindow({ row }: { row: Pick<Exhibitor, 'pTopicStart' | 'pTopicEnd'> }) {
  const { t } = useTranslation();
  if (!row.pTopicStart && !row.pTopicEnd) return <>{t('hostSvc.brand.always')}</>;
  return <>{t('common.range', { from: row.pTopicStart ? formatDateTime(row.pTopicStart) : '…', to: row.pTopicEnd ? formatDateTime(row.pTopicEnd) : '…' })}</>;
}

function RemoveButton({ row }: { row: Exhibitor }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await hostExhibitorApi.setBrandTopic({ id: row.id, pTopic: null, pTopicStart: null, pTopicEnd: null, pTopicType: null });
      await Promise.all([queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all }), queryClient.invalidateQueries({ queryKey: hostServiceKeys.brandTopicsAll })]);
      feedback.message().success(t('hostSvc.brand.removed'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  return (
    <Popconfirm title={t('hostSvc.brand.confirmRemove')} onConfirm={remove}>
      <Button type="link" danger icon={<MinusCircleOutlined />} data-testid={`brand-remove-${row.id}`}>
        {t('hostSvc.brand.remove')}
      </Button>
    </Popconfirm>
  );
}

/** /live/index/admin/brand: exhibitors placed in a brand topic, filterable by topic, with the topics' counts; place, change, remove. */
export default function Brand() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const topics = useBrandTopics(exhibitionId);
  const resource = useMemo(
    () =>
      defineResource<Exhibitor>({
        name: 'brand',
        rowKey: 'id',
        queryKey: (params) => hostExhibitorKeys.list({ exhibitionId, brand: true, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostExhibitorApi.query({ pageIndex, pageSize, ...brandQueryOf(exhibitionId!, filters) }),
        fields: [
          {
            key: 'company',
            label: 'hostSvc.brand.company',
            filter: { type: 'text' },
            render: (row) => <CompanyNames company={row.company} />,
          },
          { key: 'boothInfo', label: 'hostSvc.brand.booth' },
          {
            key: 'pTopic',
            label: 'hostSvc.brand.pTopic',
            render: (row) => <Tag color="blue">{row.pTopic}</Tag>,
            filter: { type: 'choices', choices: (topics.data ?? []).map((x) => ({ value: x.pTopic, text: t('hostSvc.brand.count', { topic: x.pTopic, count: x.count }) })) },
          },
          { key: '$window', label: 'hostSvc.brand.window', render: (row) => <BrandWindow row={row} /> },
          {
            key: 'pTopicType',
            label: 'hostSvc.brand.pTopicType',
            render: (row) => {
              const type = BRAND_TYPES.find((x) => x.value === (row.pTopicType ?? 0));
              return type ? <Tag color={type.value === 1 ? 'gold' : 'default'}>{t(type.label)}</Tag> : t('common.empty');
            },
          },
        ],
      }),
    [exhibitionId, topics.data, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" data-testid="brand-topics">
        <Typography.Text type="secondary">{t('hostSvc.brand.topics')}</Typography.Text>
        {topics.data?.length ? topics.data.map((x) => <Tag key={x.pTopic}>{t('hostSvc.brand.count', { topic: x.pTopic, count: x.count })}</Tag>) : <Typography.Text type="secondary">{t('hostSvc.brand.none')}</Typography.Text>}
      </Flex>
      <ResourceTable
        resource={resource}
        extra={
          <Space wrap>
            <Link to="/live/index/admin/brand/edit">
              <Button type="primary" icon={<PlusOutlined />} data-testid="brand-add">
                {t('hostSvc.brand.add')}
              </Button>
            </Link>
            <SubScreenLinks
              links={[
                { to: '/live/index/admin/brand/task', label: 'hostSvc.brand.tasks', icon: <CheckCircleOutlined />, testId: 'brand-task' },
                { to: '/live/index/admin/brand/task-not', label: 'hostSvc.brand.taskNots', icon: <ExclamationCircleOutlined />, testId: 'brand-task-not' },
              ]}
            />
          </Space>
        }
        actions={(row) => (
          <>
            <Link to={`/live/index/admin/brand/edit?id=${row.id}`}>
              <Button type="link" icon={<EditOutlined />} data-testid={`brand-edit-${row.id}`}>
                {t('hostSvc.brand.edit')}
              </Button>
            </Link>
            <RemoveButton row={row} />
          </>
        )}
      />
    </Flex>
  );
}
