import { ArrowLeftOutlined } from '@ant-design/icons';
import { journalPutBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { hostJournalApi, hostServiceKeys } from '../../api/hostServices.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';
import { AuditStateTag } from './exhibitorShared.tsx';
import { JOURNAL_FIELDS } from './Periodical.tsx';

const LONG = new Set(['introduction', 'introductionEn', 'exhibits', 'exhibitsEn']);
const fields: FormField[] = JOURNAL_FIELDS.map((k) => ({ name: k, label: `hostSvc.journal.${k}`, type: LONG.has(k) ? 'textarea' : 'text' }));

/**
 * /live/index/admin/periodical/edit?id= (an entry) or ?exhibitorId= (fill one in for an exhibitor
 * without one): the host's save (`PUT ?isHost=true`) is final at once.
 */
export default function PeriodicalEdit() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = search.get('id');
  const exhibitorIdParam = search.get('exhibitorId');
  const journal = useQuery({
    queryKey: hostServiceKeys.journal(id ?? `exhibitor:${exhibitorIdParam}`),
    queryFn: () => (id ? hostJournalApi.get(id) : hostJournalApi.byExhibitor(exhibitorIdParam!)),
    enabled: Boolean(id || exhibitorIdParam),
  });
  const exhibitorId = journal.data?.exhibitorId ?? exhibitorIdParam;
  const exhibitor = useQuery({ queryKey: hostExhibitorKeys.detail(exhibitorId ?? ''), queryFn: () => hostExhibitorApi.details(exhibitorId!), enabled: Boolean(exhibitorId) });
  const initialValues = useMemo(
    () => (journal.data ? Object.fromEntries(JOURNAL_FIELDS.map((k) => [k, journal.data![k] ?? undefined])) : exhibitor.data ? { compName: exhibitor.data.company.name, compNameEn: exhibitor.data.company.nameEn ?? undefined } : undefined),
    [journal.data, exhibitor.data],
  );

  if (!id && !exhibitorIdParam) return <Alert type="warning" showIcon title={t('hostSvc.notFound')} />;
  const loading = journal.isPending || (Boolean(exhibitorId) && exhibitor.isPending);
  const name = exhibitor.data?.company.name ?? journal.data?.companyName ?? '';
  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={t(journal.data ? 'hostSvc.journal.editTitle' : 'hostSvc.journal.createTitle', { name })}
        extra={
          <Link to="/live/index/admin/periodical">
            <Button icon={<ArrowLeftOutlined />}>{t('hostSvc.back')}</Button>
          </Link>
        }
      >
        <Typography.Paragraph type="secondary">{t('hostSvc.journal.hostNote')}</Typography.Paragraph>
        {journal.data && (
          <Space>
            <Typography.Text>{t('hostSvc.journal.current')}</Typography.Text>
            <AuditStateTag state={journal.data.auditState} />
            {journal.data.auditReason && <Typography.Text type="secondary">{journal.data.auditReason}</Typography.Text>}
          </Space>
        )}
      </Card>
      <Card variant="borderless">
        {loading ? (
          <Skeleton active />
        ) : journal.isError || (id && !journal.data) ? (
          <Alert type="warning" showIcon title={t('hostSvc.notFound')} />
        ) : (
          <ResourceForm
            name="periodical-edit"
            fields={fields}
            schema={journalPutBody}
            hidden={{ exhibitorId: exhibitorId ?? undefined }}
            initialValues={initialValues}
            onSubmit={async (payload) => {
              await hostJournalApi.save(payload);
              await queryClient.invalidateQueries({ queryKey: hostServiceKeys.journals });
              await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all });
              feedback.message().success(t('hostSvc.journal.saved'), MESSAGE_SECONDS);
              await navigate('/live/index/admin/periodical');
            }}
            onCancel={() => void navigate('/live/index/admin/periodical')}
          />
        )}
      </Card>
    </Space>
  );
}
