import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ExpoHome } from '@pavilion/contract';
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

export type Loaded<T> = { data: T | null; error: unknown; loading: boolean; reload: () => void; setData: (d: T) => void };

/** One read, again when its keys change; an answer arriving after a newer request is dropped. */
export function useLoad<T>(load: () => Promise<T>, keys: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...keys, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, setData };
}
