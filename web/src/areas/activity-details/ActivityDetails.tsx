import { FormType, Role } from '@pavilion/contract';
import { Alert, Card, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useActivity } from '../../api/activities.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { FormDesigner } from '../host/BasicForm.tsx';
import { useSession } from '../../session/store.ts';
import { Agenda } from './Agenda.tsx';
import { LiveCoverage } from './LiveCoverage.tsx';
import { Overview, timeRange } from './Overview.tsx';
import { Registrations } from './Registrations.tsx';
import { Tickets } from './Tickets.tsx';
import './details.css';

const TABS = ['overview', 'agenda', 'tickets', 'regs', 'live', 'form'] as const;
const HOST_ONLY: readonly Tab[] = ['live', 'form'];
const activityFormTypes = [FormType.ActivityReg];
type Tab = (typeof TABS)[number];

/**
 * act-control/details?id= (host /live and exhibitor /ex-live, /ex-live-en): one activity in tabs. The host
 * edits tickets, checks tickets in, cancels and exports registrations and posts live coverage; an exhibitor
 * reads those and edits its own activity's agenda. The open tab is in the address (`tab`), so a reload keeps it.
 */
export default function ActivityDetails() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id');
  const host = useSession().role !== Role.Exhibitor;
  const activity = useActivity(id);
  if (!id) return <Alert type="warning" showIcon title={t('actDetail.noId')} />;
  if (activity.isError) return <Alert type="error" showIcon title={errorMessage(activity.error)} />;
  if (!activity.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const a = activity.data;
  const tabs = TABS.filter((k) => host || !HOST_ONLY.includes(k));
  const asked = search.get('tab') as Tab | null;
  const current = asked && tabs.includes(asked) ? asked : 'overview';
  const panel = (key: Tab) => {
    if (key === 'overview') return <Overview activity={a} />;
    if (key === 'agenda') return <Agenda activity={a} />;
    if (key === 'tickets') return <Tickets activity={a} host={host} />;
    if (key === 'regs') return <Registrations activity={a} host={host} />;
    if (key === 'live') return <LiveCoverage activity={a} />;
    return <FormDesigner itemId={a.id} types={activityFormTypes} intro={<Typography.Paragraph type="secondary">{t('actDetail.form.intro')}</Typography.Paragraph>} />;
  };
  return (
    <Card variant="borderless" className="activity-details" data-testid="activity-details">
      <Space orientation="vertical" size={4} style={{ marginBottom: 8, maxWidth: '100%' }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="activity-title">
            {a.title}
          </Typography.Title>
          <Tag>{t(`actDetail.phase.${a.phase}`)}</Tag>
        </Space>
        <Typography.Text type="secondary">{timeRange(a.startAt, a.endAt)}</Typography.Text>
      </Space>
      <Tabs
        activeKey={current}
        onChange={(key) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={tabs.map((key) => ({ key, label: <span data-testid={`tab-${key}`}>{t(`actDetail.tab.${key}`)}</span>, children: panel(key) }))}
      />
    </Card>
  );
}
