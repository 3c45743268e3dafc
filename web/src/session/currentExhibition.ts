import { DEFAULT_PAGE_SIZE } from '@pavilion/contract';
import { useEffect } from 'react';
import { useExhibitions } from '../api/exhibition.ts';
import { sessionStore, useSession } from './store.ts';

/** The page of exhibitions the host home lists: the choice below reads the same query. */
export const HOST_EXHIBITIONS = { pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE };

/**
 * The host's current exhibition, kept in the session, chosen on every host screen (the shell), not only on the home:
 * a first sign-in straight onto a screen (a return address, a bookmark) would otherwise find none, and a gated screen
 * would say "not opened". On a first visit, or when the stored one is gone, the first (by showIndex) becomes current.
 * Answers true while that first choice is still being made.
 */
export function useCurrentExhibition(enabled: boolean): boolean {
  const session = useSession();
  const exhibitions = useExhibitions(HOST_EXHIBITIONS, { enabled: enabled && Boolean(session.token) });
  useEffect(() => {
    if (!enabled || !exhibitions.data || !session.token) return;
    const stored = exhibitions.data.items.find((e) => e.id === session.exhibitionId);
    const next = stored ?? exhibitions.data.items[0] ?? null;
    if (next?.id !== session.exhibitionId || (next && session.exhibitionInfo?.name !== next.name))
      sessionStore.set({ exhibitionId: next?.id ?? null, exhibitionInfo: next });
  }, [enabled, exhibitions.data, session.token, session.exhibitionId, session.exhibitionInfo?.name]);
  if (!enabled || session.exhibitionId || !session.token) return false;
  // With the list in, the effect above chooses before the next render; a failed first load is the screen's to show.
  if (exhibitions.data) return exhibitions.data.items.length > 0;
  return !exhibitions.isFetched;
}
