import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A screen's chunk failed to load (part 1 §8: chunk load error) or a screen threw while rendering.
 * Drawn without antd's Result, whose illustrations would otherwise ride along on every page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof Error && /dynamically imported module|Importing a module script|Loading chunk/i.test(error.message);
  if (!chunk) console.error(error);
  return (
    <div className="route-error" role="alert">
      <Typography.Title level={3}>{chunk ? t('error.chunk') : t('error.serverError')}</Typography.Title>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}
