import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { applyLanguage, langOfPath } from '../i18n/index.ts';
import type { RouteHandle } from '../routes/types.ts';
import { pageTitle } from '../session/guard.ts';
import { FeedbackBridge } from './feedback.tsx';
import { theme } from './theme.ts';

/**
 * Above every screen: language (messages, dayjs, antd) from the path, the page title from the
 * route's metadata, scroll to top on every navigation, and a bar while a screen loads.
 */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeMotion = (onChange: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const { t } = useTranslation();
  const lang = langOfPath(location.pathname);
  // A person who asked the system for less motion gets no sliding drawers or zooming dialogs.
  const reducedMotion = useSyncExternalStore(subscribeMotion, prefersReducedMotion);
  const shownTheme = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);

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
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={shownTheme}>
      <AntdApp>
        <FeedbackBridge />
        {navigation.state === 'loading' && <div className="nav-progress" role="progressbar" aria-busy="true" />}
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
