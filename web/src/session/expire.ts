import { normaliseRole } from '@pavilion/contract/light';
import { i18n } from '../i18n/index.ts';
import { passwordPath, unauthorizedTarget } from './guard.ts';
import { currentPath, go } from './navigation.ts';
import { emptySession, sessionStore } from './store.ts';

let open = false;

/** Part 1 §8, 401: one "authorization expired" notice however many calls failed; on close, the area's login. */
export function expireSession() {
  if (open) return;
  open = true;
  const target = unauthorizedTarget(currentPath(), sessionStore.get());
  // A login page (which never sees a 401) carries neither antd nor the query cache: they load here.
  void Promise.all([import('../components/feedback.tsx'), import('../api/queryClient.ts')]).then(([{ feedback }, { queryClient }]) => {
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
  });
}

/**
 * The server refused a call until the issued password is changed (4038; the web learns it at
 * sign-in too, but the flag may be set later, by an administrator): mark the session and go to the
 * area's change-password screen, unless already there.
 */
export function requirePasswordChange() {
  const session = sessionStore.get();
  if (session.role === null) return;
  if (session.user && !session.user.mustChangePassword) sessionStore.set({ user: { ...session.user, mustChangePassword: true } });
  const target = passwordPath(normaliseRole(session.role), currentPath());
  if (currentPath() !== target) void go(target, { replace: true });
}
