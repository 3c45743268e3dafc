import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setConfig } from './api/config.ts';
import { firstConfig } from './first-screen.ts';
import { i18n, langOfPath, loadMessages } from './i18n/index.ts';
import { buildRoutes } from './routes/router.tsx';
import { setNavigator } from './session/navigation.ts';
import './styles.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // Both were asked for by boot.ts; these calls take what is loaded or on its way.
  const messages = loadMessages(langOfPath(window.location.pathname), 'core');
  try {
    setConfig(await firstConfig());
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
