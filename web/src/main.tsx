import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadConfig, setConfig } from './api/config.ts';
import { i18n, langOfPath, loadMessages } from './i18n/index.ts';
import { buildRoutes, preloadLightScreen } from './routes/router.tsx';
import { setNavigator } from './session/navigation.ts';
import './styles.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // The page's messages load beside the configuration, not after it.
  const messages = loadMessages(langOfPath(window.location.pathname), 'core');
  preloadLightScreen(window.location.pathname);
  try {
    setConfig(await loadConfig());
  } catch (error) {
    console.error(error);
    await messages.catch(() => undefined);
    root.render(<p className="config-failed">{i18n.t('app.configFailed')}</p>);
    return;
  }
  await messages;
  const router = createBrowserRouter(buildRoutes());
  setNavigator(router);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
