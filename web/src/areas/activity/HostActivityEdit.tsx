import { Alert, Card, Form, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useActivity } from '../../api/activities.ts';
import { useSession } from '../../session/store.ts';
import { useExhibitorOptions } from '../host/exhibitorShared.tsx';
import { ActivityEditor } from './ActivityEditor.tsx';
import { isListBack, listBacks } from './shared.tsx';

/** The list a host's add/edit route returns to: `?back=` when it names one, else the route's own. */
function backOf(pathname: string, back: string | null): string {
  if (isListBack(back)) return listBacks[back];
  if (pathname.endsWith('/admin/actAdd')) return listBacks.exhibitors;
  if (pathname.endsWith('/act-control/add')) return listBacks.registration;
  return listBacks.all;
}

/** Picks the exhibitor a host adds an activity for (`?exhibitorId` preselects it). */
function ExhibitorPicker({ exhibitionId, value, onChange }: { exhibitionId: string; value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const exhibitors = useExhibitorOptions(exhibitionId);
  return (
    <Card variant="borderless">
      <Form layout="vertical" name="activity-exhibitor">
        <Form.Item label={t('act.pickExhibitor')} extra={t('act.pickExhibitorHint')} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={value ?? undefined}
            onChange={onChange}
            loading={exhibitors.isPending}
            options={(exhibitors.data?.items ?? []).map((e) => ({ value: e.id, label: e.company.name }))}
            style={{ maxWidth: 480 }}
            data-testid="activity-exhibitor"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * The host's activity form: /live/index/all-activity/host-edit?id (any activity of its exhibitions, final),
 * /live/index/all-activity/add and /live/index/act-control/add (its own), /live/index/admin/actAdd (for an exhibitor).
 */
export default function HostActivityEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const sessionExhibition = useSession().exhibitionId;
  const editing = pathname.endsWith('/host-edit');
  const id = editing ? params.get('id') : null;
  const activity = useActivity(id);
  const forExhibitor = pathname.endsWith('/admin/actAdd');
  const exhibitorId = forExhibitor ? params.get('exhibitorId') : null;
  const done = () => navigate(backOf(pathname, params.get('back')));

  if (editing && !id) return <Alert type="error" showIcon title={t('act.missingId')} />;
  if (!sessionExhibition && !editing) return <Alert type="info" showIcon title={t('act.noExhibition')} />;
  if (activity.isError) return <Alert type="error" showIcon title={t('act.missingId')} />;
  // An activity is edited within its own exhibition (its halls, categories and toggles), whichever is chosen at the top.
  const exhibitionId = editing ? activity.data?.exhibitionId : sessionExhibition;
  if (!exhibitionId) return <Skeleton active />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {forExhibitor && <ExhibitorPicker exhibitionId={exhibitionId} value={exhibitorId} onChange={(value) => setParams((p) => ({ ...Object.fromEntries(p), exhibitorId: value }), { replace: true })} />}
      {(!forExhibitor || exhibitorId) && <ActivityEditor key={exhibitorId ?? id ?? 'new'} exhibitionId={exhibitionId} id={id} exhibitorId={exhibitorId} role="host" onDone={done} />}
    </Space>
  );
}
