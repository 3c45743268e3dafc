import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { applyLanguage, langOfPath } from '../i18n/index.ts';
import type { RouteHandle } from '../routes/types.ts';
import { pageTitle } from '../session/guard.ts';

/**
 * Above every screen, the login pages included, so without antd: language (messages, dayjs) from the path,
 * the page title from the route's metadata, scroll to top on every navigation, and a bar while a screen loads.
 */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const { t } = useTranslation();
  const lang = langOfPath(location.pathname);

  // Layout effects run before the screens' effects, so their first calls already carry the right language.
  useLayoutEffect(() => {
    applyLanguage(lang);
  }, [lang]);
  // Braces matter: recent Chromium's scrollTo returns a promise, which React would take for a clean-up.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  const titleKey = matches.map((match) => (match.handle as RouteHandle | undefined)?.title).filter(Boolean).at(-1);
  const routeTitle = titleKey ? t(titleKey) : null;
  useEffect(() => {
    document.title = pageTitle(lang, routeTitle, { app: t('app.name'), exhibitorEn: t('app.exhibitorTitle') });
  }, [lang, routeTitle, t]);

  return (
    <>
      {navigation.state === 'loading' && <div className="nav-progress" role="progressbar" aria-busy="true" />}
      <Outlet />
    </>
  );
}
