import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { ProductEditor } from './ProductEditor.tsx';

/**
 * /ex-live/index/proAdd and /ex-live/index/proEdit?id (and -en): the product form. Saving submits it
 * for the host's review (or approves it at once under the exhibition's automatic approval).
 */
export default function ExProductEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const { exhibitorId, exhibitionId } = useSession();
  const id = useSearchParams()[0].get('id');
  const editing = pathname.endsWith('/proEdit');

  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;
  if (editing && !id)
    return (
      <Card variant="borderless" className="form-card">
        <Alert type="error" showIcon title={t('products.missingId')} />
      </Card>
    );
  return <ProductEditor exhibitionId={exhibitionId} id={editing ? id : null} host={false} en={langOfPath(pathname) === 'en'} onDone={() => navigate(`${base}/index/product`)} />;
}
