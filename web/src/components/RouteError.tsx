import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A screen's chunk failed to load (part 1 §8: chunk load error) or a screen threw while rendering.
 * Drawn without antd: it stands above the login pages too, which carry none of it.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof Error && /dynamically imported module|Importing a module script|Loading chunk/i.test(error.message);
  if (!chunk) console.error(error);
  return (
    <div className="route-error" role="alert">
      <h1 className="route-error-title">{chunk ? t('error.chunk') : t('error.serverError')}</h1>
      <button type="button" className="light-button primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
