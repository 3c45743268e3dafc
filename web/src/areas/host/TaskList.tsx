import type { Exhibitor, ExhibitorQuery } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Segmented, Space, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyNames } from './exhibitorShared.tsx';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { companyContactApi, hostServiceKeys } from '../../api/hostServices.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';

/** A `has<X>` flag of the contract's exhibitor query (`hasJournal`, `hasInvoice`, `hasBrandTopic`, `hasCard` …). */
export type TaskFilter = Extract<keyof ExhibitorQuery, `has${string}`>;

/** Props: `filter` the exhibitor-query flag, `done` with (true) or without (false) it, `title` a message key; `toggle` adds a done/not-done switch, `actions` per-row buttons. */
export interface TaskListProps {
  filter: TaskFilter;
  done: boolean;
  title: MessageKey;
  toggle?: boolean;
  actions?: (row: Exhibitor) => ReactNode;
}

/** The company's default contact (name and phone), fetched per row of the page. */
function ContactCell({ compId }: { compId: string }) {
  const { t } = useTranslation();
  const contact = useQuery({ queryKey: hostServiceKeys.contact(compId), queryFn: () => companyContactApi.defaultOf(compId), staleTime: 60_000 });
  if (!contact.data) return <>{t('common.empty')}</>;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{contact.data.name}</Typography.Text>
      {(contact.data.phoneNumber || contact.data.email) && <Typography.Text type="secondary">{contact.data.phoneNumber ?? contact.data.email}</Typography.Text>}
    </Space>
  );
}

/** The current exhibition's exhibitors that have (or have not) handed in one thing: the task / task-not screens. */
export function TaskList({ filter, done: initial, title, toggle = false, actions }: TaskListProps) {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [done, setDone] = useState(initial);
  const resource = useMemo(
    () =>
      defineResource<Exhibitor>({
        name: `task-${filter}-${done ? 'done' : 'not'}`,
        rowKey: 'id',
        queryKey: (params) => hostExhibitorKeys.list({ exhibitionId, [filter]: done, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostExhibitorApi.query({ pageIndex, pageSize, exhibitionId: exhibitionId!, companyName: filters.company || undefined, [filter]: done }),
        fields: [
          {
            key: 'company',
            label: 'hostSvc.task.company',
            filter: { type: 'text' },
            render: (row) => <CompanyNames company={row.company} />,
          },
          { key: 'boothInfo', label: 'hostSvc.task.booth' },
          { key: '$contact', label: 'hostSvc.task.contact', render: (row) => <ContactCell compId={row.compId} /> },
          { key: 'createAt', label: 'hostSvc.task.joinedAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, filter, done],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  return (
    <Flex vertical gap={12} data-testid={`task-list-${filter}`}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(title)}
        </Typography.Title>
        {toggle && (
          <Segmented
            data-testid="task-toggle"
            value={done ? 'done' : 'not'}
            onChange={(v) => setDone(v === 'done')}
            options={[
              { value: 'done', label: t('hostSvc.task.done') },
              { value: 'not', label: t('hostSvc.task.notDone') },
            ]}
          />
        )}
      </Flex>
      <ResourceTable key={resource.name} resource={resource} actions={actions} />
    </Flex>
  );
}
