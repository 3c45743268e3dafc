import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ExpoHome, ExpoSiteFeature } from '@pavilion/contract';
import type { ExpoLang } from './i18n.ts';

export type ExpoSite = {
  exhibitionId: string;
  lang: ExpoLang;
  /** The visitor calls' language. */
  visitorLang: 'zh' | 'en';
  /** `/expo/{id}` or `/expo-en/{id}`: every link of the site starts with it. */
  prefix: string;
  home: ExpoHome | null;
  homeError: unknown;
  reloadHome: () => void;
};

export const SiteContext = createContext<ExpoSite | null>(null);

export function useSite(): ExpoSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside the site');
  return site;
}

/** Whether the exhibition runs `feature` (from the home answer); off until the home has loaded, so an entry never flashes. */
export function useSiteFeature(feature: ExpoSiteFeature): boolean {
  return useSite().home?.features.includes(feature) ?? false;
}

export type Loaded<T> = { data: T | null; error: unknown; loading: boolean; reload: () => void; setData: (d: T) => void };

/** One read, again when its keys change; an answer arriving after a newer request is dropped. */
export function useLoad<T>(load: () => Promise<T>, keys: unknown[]): Loaded<T> {
  const [round, setRound] = useState(0);
  const key = JSON.stringify([...keys, round]);
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown }>({ key: null, data: null, error: null });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key, data, error: null }),
      (error: unknown) => live && setState({ key, data: null, error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback((data: T) => setState({ key, data, error: null }), [key]);
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: !current, reload, setData };
}
