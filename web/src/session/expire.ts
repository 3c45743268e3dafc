import { queryClient } from '../api/queryClient.ts';
import { feedback } from '../components/feedback.tsx';
import { i18n } from '../i18n/index.ts';
import { unauthorizedTarget } from './guard.ts';
import { currentPath, go } from './navigation.ts';
import { emptySession, sessionStore } from './store.ts';

let open = false;

/** Part 1 §8, 401: one "authorization expired" notice however many calls failed; on close, the area's login. */
export function expireSession() {
  if (open) return;
  open = true;
  const target = unauthorizedTarget(currentPath(), sessionStore.get());
  const close = async () => {
    open = false;
    await go(target, { replace: true });
    void queryClient.cancelQueries();
    sessionStore.set(emptySession);
  };
  feedback.modal().warning({
    title: i18n.t('error.unauthorizedTitle'),
    content: i18n.t('error.unauthorized'),
    okText: i18n.t('login.submit'),
    onOk: close,
  });
}
