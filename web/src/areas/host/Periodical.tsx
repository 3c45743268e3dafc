import { CheckCircleOutlined, EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { Journal } from '@pavilion/contract';
import { Alert, Descriptions, Space, Typography, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostJournalApi, hostServiceKeys } from '../../api/hostServices.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { AuditStateTag } from './exhibitorShared.tsx';
import { auditStateFilter, auditStateOf, SubScreenLinks, useReview } from './hostServiceShared.tsx';

/** The catalogue-entry fields shown in a row's details, in form order. */
export const JOURNAL_FIELDS = ['compName', 'compNameEn', 'logo', 'introduction', 'introductionEn', 'exhibits', 'exhibitsEn', 'contact', 'phone', 'email', 'website', 'address', 'addressEn'] as const;

/** Search form → the contract's journal query. */
export const journalQueryOf = (exhibitionId: string, filters: Readonly<Record<string, string>>) => ({
  exhibitionId,
  companyName: filters.companyName || undefined,
  auditState: auditStateOf(filters.auditState),
});

function JournalDetails({ row }: { row: Journal }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid={`journal-details-${row.id}`}>
      {JOURNAL_FIELDS.map((k) => (
        <Descriptions.Item key={k} label={t(`hostSvc.journal.${k}`)} span={k.startsWith('intro') || k.startsWith('exhibits') ? 2 : 1}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row[k] || t('common.empty')}</Typography.Paragraph>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** /live/index/admin/periodical: every exhibitor's catalogue entry with its audit state; approve, reject with a reason (bulk too), edit, delete. */
export default function Periodical() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const review = useReview({ type: 'journal', decide: hostJournalApi.decide, remove: hostJournalApi.remove, invalidate: hostServiceKeys.journals });
  const resource = useMemo(
    () =>
      defineResource<Journal>({
        name: 'journal',
        rowKey: 'id',
        queryKey: (params) => hostServiceKeys.journalList({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostJournalApi.query({ pageIndex, pageSize, ...journalQueryOf(exhibitionId!, filters) }),
        expand: (row) => <JournalDetails row={row} />,
        fields: [
          {
            key: 'compName',
            label: 'hostSvc.journal.compName',
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{row.compName}</Typography.Text>
                {row.compNameEn && <Typography.Text type="secondary">{row.compNameEn}</Typography.Text>}
                {row.companyName !== row.compName && <Typography.Text type="secondary">{row.companyName}</Typography.Text>}
              </Space>
            ),
          },
          { key: '$companyName', label: 'hostSvc.journal.company', column: false, filter: { type: 'text' } },
          { key: 'contact', label: 'hostSvc.journal.contact' },
          { key: 'phone', label: 'hostSvc.journal.phone' },
          { key: 'auditState', label: 'hostSvc.journal.auditState', render: (row) => <AuditStateTag state={row.auditState} />, filter: auditStateFilter },
          { key: 'auditReason', label: 'hostSvc.journal.auditReason' },
          { key: 'submitAt', label: 'hostSvc.journal.submitAt', type: 'datetime' },
        ],
      }),
    [exhibitionId],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  return (
    <>
      <ResourceTable
        resource={resource}
        rowSelection={review.rowSelection}
        extra={
          <Space wrap>
            {review.bulkActions()}
            <SubScreenLinks
              links={[
                { to: '/live/index/admin/periodical/task', label: 'hostSvc.journal.tasks', icon: <CheckCircleOutlined />, testId: 'periodical-task' },
                { to: '/live/index/admin/periodical/task-not', label: 'hostSvc.journal.taskNots', icon: <ExclamationCircleOutlined />, testId: 'periodical-task-not' },
              ]}
            />
          </Space>
        }
        actions={(row) => (
          <>
            <Link to={`/live/index/admin/periodical/edit?id=${row.id}`}>
              <Button type="link" icon={<EditOutlined />} data-testid={`edit-${row.id}`}>
                {t('common.edit')}
              </Button>
            </Link>
            {review.rowActions(row)}
          </>
        )}
      />
      {review.dialog}
    </>
  );
}
