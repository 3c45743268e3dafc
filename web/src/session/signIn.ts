import { Role, type AdminLoginResult, type ExhibitorLoginResult, type HostLoginResult, type TokenInfo } from '@pavilion/contract';
import { accountApi } from '../api/account.ts';
import { companyApi, companyKeys } from '../api/company.ts';
import { exhibitionApi, exhibitionKeys } from '../api/exhibition.ts';
import { hostApi, hostKeys } from '../api/host.ts';
import { queryClient } from '../api/queryClient.ts';
import { authFromToken, emptySession, sessionStore } from './store.ts';

/** A new sign-in replaces whatever the previous one left, in storage and in the query cache. */
function start(token: TokenInfo, userId: string, role: Role) {
  queryClient.clear();
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
  const host = await hostApi.get(hostId);
  queryClient.setQueryData(hostKeys.detail(hostId), host);
  sessionStore.set({ hostId, host });
}

async function loadExhibitor(exhibitionId: string | null, companyId: string | null) {
  const [exhibitionInfo, companyInfo] = await Promise.all([
    exhibitionId ? exhibitionApi.get(exhibitionId) : null,
    companyId ? companyApi.get(companyId) : null,
  ]);
  if (exhibitionInfo) queryClient.setQueryData(exhibitionKeys.detail(exhibitionInfo.id), exhibitionInfo);
  if (companyInfo) queryClient.setQueryData(companyKeys.detail(companyInfo.id), companyInfo);
  sessionStore.set({ exhibitionInfo, companyInfo });
}

export function completeAdminLogin(result: AdminLoginResult) {
  start(result.tokenInfo, result.userId, Role.Admin);
}

export async function completeHostLogin(result: HostLoginResult) {
  start(result.tokenInfo, result.userId, Role.Host);
  sessionStore.set({ hostId: result.id });
  await loadHost(result.id);
}

export async function completeExhibitorLogin(result: ExhibitorLoginResult) {
  start(result.tokenInfo, result.userId, Role.Exhibitor);
  sessionStore.set({ exhibitorId: result.exhibitorId, exhibitionId: result.exhibitionId, companyId: result.companyId });
  await loadExhibitor(result.exhibitionId, result.companyId);
}

/** A bare token (the /auth-bind sign-in): the principal comes from /me. */
export async function completeTokenLogin(token: TokenInfo): Promise<Role> {
  start(token, token.userInfo?.id ?? '', Role.Exhibitor);
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
