import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { langOfPath } from '../i18n/index.ts';
// Every screen under antd may show a date: dayjs follows the language from here on.
import '../i18n/dates.ts';
import { FeedbackBridge } from './feedback.tsx';
import { theme } from './theme.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeMotion = (onChange: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

/**
 * Above every screen but the login pages: antd (its locale from the path, the theme), its message and modal
 * for code outside components, and the query cache. Its own chunk, so a login page loads none of it.
 */
export function AppLayer() {
  const lang = langOfPath(useLocation().pathname);
  // A person who asked the system for less motion gets no sliding drawers or zooming dialogs.
  const reducedMotion = useSyncExternalStore(subscribeMotion, prefersReducedMotion);
  const shownTheme = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={shownTheme}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <Outlet />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
