import { useTranslation } from 'react-i18next';

/** A screen or its data on the way: drawn in CSS, so the login pages' first paint needs no antd. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-dot" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
