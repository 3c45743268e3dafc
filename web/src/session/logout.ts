import { accountApi } from '../api/account.ts';
import { getConfig } from '../api/config.ts';
import { queryClient } from '../api/queryClient.ts';
import { logoutTarget } from './guard.ts';
import { currentPath, go, isExternal } from './navigation.ts';
import { sessionStore } from './store.ts';

const SERVER_LOGOUT_WAIT_MS = 3000;

/**
 * Part 1 §2: ends the sign-in on the server (failure ignored), clears the session and all of
 * localStorage, and goes where the role's logout leads.
 */
export async function logout() {
  const session = sessionStore.get();
  const target = logoutTarget(session.role, currentPath(), session.exhibitionId, getConfig());
  if (session.token) {
    const wait = new Promise((resolve) => setTimeout(resolve, SERVER_LOGOUT_WAIT_MS));
    await Promise.race([accountApi.logout().catch(() => undefined), wait]);
  }
  // Leave first, and keep the query cache until the next login empties it: emptying it under a
  // screen still shown makes that screen fetch again, without a token, into a 401.
  if (!isExternal(target)) await go(target, { replace: true });
  void queryClient.cancelQueries();
  sessionStore.clear();
  if (isExternal(target)) await go(target);
}
