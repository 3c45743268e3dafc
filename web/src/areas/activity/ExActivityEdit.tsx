import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { ActivityEditor } from './ActivityEditor.tsx';

/**
 * /ex-live/index/act-control/add and /ex-live/index/act-control/edit?id (and -en): the exhibitor's activity form.
 * "Submit for review" sends it to the host's queue (or approves it under automatic approval); a draft stays with the exhibitor.
 */
export default function ExActivityEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const { exhibitorId, exhibitionId } = useSession();
  const id = useSearchParams()[0].get('id');
  const editing = pathname.endsWith('/edit');

  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('act.missingExhibitor')} />;
  if (editing && !id) return <Alert type="error" showIcon title={t('act.missingId')} />;
  return <ActivityEditor exhibitionId={exhibitionId} id={editing ? id : null} role="exhibitor" en={langOfPath(pathname) === 'en'} onDone={() => navigate(`${base}/index/act-control/list`)} />;
}
