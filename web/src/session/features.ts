import { Role, type FeatureDisplay } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { featureDisplayKeys, versionApi } from '../api/version.ts';
import { queryClient } from '../api/queryClient.ts';
import { sessionStore, useSession, type Session } from './store.ts';

export type Gate = 'open' | 'closed' | 'loading';

/** Whether a feature-gated element is available: the administrator is never gated (docs/admin.md). */
export function gateOf(feature: string | undefined, session: Pick<Session, 'role' | 'exhibitionId'>, keys: readonly string[] | undefined): Gate {
  if (!feature || session.role === Role.Admin) return 'open';
  if (!session.exhibitionId) return 'closed';
  if (!keys) return 'loading';
  return keys.includes(feature) ? 'open' : 'closed';
}

async function fetchRoleMenu(exhibitionId: string): Promise<FeatureDisplay> {
  const display = await versionApi.display(exhibitionId);
  if (sessionStore.get().exhibitionId === exhibitionId) sessionStore.set({ roleMenu: display });
  return display;
}

/** Loads the role menu at login (and after an exhibition switch); kept in the session and the query cache. */
export const loadRoleMenu = (exhibitionId: string) => queryClient.fetchQuery({ queryKey: featureDisplayKeys.of(exhibitionId), queryFn: () => fetchRoleMenu(exhibitionId) });

/** The current exhibition's effective feature keys, keyed by exhibition id (refetched on switch and on reload). */
export function useRoleMenu() {
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  const stored = session.roleMenu?.exhibitionId === exhibitionId ? session.roleMenu : undefined;
  const query = useQuery({
    queryKey: featureDisplayKeys.of(exhibitionId ?? ''),
    queryFn: () => fetchRoleMenu(exhibitionId!),
    enabled: Boolean(exhibitionId) && Boolean(session.token) && session.role !== Role.Admin,
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
  return { keys: query.data?.keys, versionId: query.data?.versionId ?? null, session };
}

/** The gate of one feature for the signed-in person. */
export function useGate(feature: string | undefined): Gate {
  const { keys, session } = useRoleMenu();
  return gateOf(feature, session, keys);
}
