import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeOf } from '../../session/guard.ts';
import { isLoggedIn, useSession } from '../../session/store.ts';

/** The /404 and /500 pages: back to where the person came from, or to their home. */
export function ErrorPage({ status }: { status: '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const home = isLoggedIn(session) ? homeOf(session.role, window.location.pathname) : '/';
  return (
    <div className="error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(status === '404' ? 'error.notFound' : 'error.serverError')}
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
            <Button type="primary" onClick={() => navigate(home)} data-testid="back-home">
              {t('common.backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
