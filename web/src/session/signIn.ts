import { Role } from '@pavilion/contract/light';
import type { AdminLoginResult, ExhibitorLoginResult, HostLoginResult, TokenInfo } from '@pavilion/contract';
import { authFromToken, emptySession, sessionStore } from './store.ts';

// The login pages carry neither the query cache nor the screens' API modules (docs/performance.md "The web"):
// a sign-in loads them, and the home screen then finds them loaded.
const queryCache = () => import('../api/queryClient.ts').then((m) => m.queryClient);

/** A new sign-in replaces whatever the previous one left, in storage and in the query cache. */
async function start(token: TokenInfo, userId: string, role: Role) {
  (await queryCache()).clear();
  sessionStore.set({
    ...emptySession,
    token: token.access_token,
    auth: authFromToken(token),
    userId,
    user: token.userInfo ?? null,
    role,
  });
}

/** What login loads goes into the session and into the query cache, so the home screen does not ask again. */
async function loadHost(hostId: string) {
  const [{ hostApi, hostKeys }, queryClient] = await Promise.all([import('../api/host.ts'), queryCache()]);
  const host = await hostApi.get(hostId);
  queryClient.setQueryData(hostKeys.detail(hostId), host);
  sessionStore.set({ hostId, host });
}

async function loadExhibitor(exhibitionId: string | null, companyId: string | null) {
  const [{ companyApi, companyKeys }, { exhibitionApi, exhibitionKeys }, queryClient] = await Promise.all([import('../api/company.ts'), import('../api/exhibition.ts'), queryCache()]);
  const [exhibitionInfo, companyInfo] = await Promise.all([
    exhibitionId ? exhibitionApi.get(exhibitionId) : null,
    companyId ? companyApi.get(companyId) : null,
  ]);
  if (exhibitionInfo) queryClient.setQueryData(exhibitionKeys.detail(exhibitionInfo.id), exhibitionInfo);
  if (companyInfo) queryClient.setQueryData(companyKeys.detail(companyInfo.id), companyInfo);
  sessionStore.set({ exhibitionInfo, companyInfo });
}

export async function completeAdminLogin(result: AdminLoginResult) {
  await start(result.tokenInfo, result.userId, Role.Admin);
}

export async function completeHostLogin(result: HostLoginResult) {
  await start(result.tokenInfo, result.userId, Role.Host);
  sessionStore.set({ hostId: result.id });
  await loadHost(result.id);
}

export async function completeExhibitorLogin(result: ExhibitorLoginResult) {
  await start(result.tokenInfo, result.userId, Role.Exhibitor);
  sessionStore.set({ exhibitorId: result.exhibitorId, exhibitionId: result.exhibitionId, companyId: result.companyId });
  await loadExhibitor(result.exhibitionId, result.companyId);
}

/** A bare token (the /auth-bind sign-in): the principal comes from /me. */
export async function completeTokenLogin(token: TokenInfo): Promise<Role> {
  await start(token, token.userInfo?.id ?? '', Role.Exhibitor);
  const { accountApi } = await import('../api/account.ts');
  const me = await accountApi.me();
  const role = me.role === Role.Host ? Role.Host : me.role === Role.Admin ? Role.Admin : Role.Exhibitor;
  sessionStore.set({
    userId: me.user.id,
    user: me.user,
    role,
    hostId: me.hostId,
    exhibitionId: me.exhibitionId,
    exhibitorId: me.exhibitorId,
    companyId: me.companyId,
  });
  if (role === Role.Host && me.hostId) await loadHost(me.hostId);
  if (role === Role.Exhibitor) await loadExhibitor(me.exhibitionId, me.companyId);
  return role;
}
