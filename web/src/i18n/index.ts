import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './zh-CN.ts';
import type { expoZhCN } from './expo.zh-CN.ts';

import { langOfPath, messageChunks, type Lang, type MessageScope } from './lang.ts';

export { langOfPath, type Lang, type MessageScope };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; expo: typeof expoZhCN };
  }
}

/** Every dotted key of the message files, for route tables and resource descriptions. */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type MessageKey = Paths<Messages>;

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

/** Switches the messages (and with them dayjs, i18n/dates.ts); antd's locale follows in the root layout. */
export function applyLanguage(lang: Lang) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: typeof window === 'undefined' ? 'zh-CN' : langOfPath(window.location.pathname),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const loadedMessages = new Map<string, Promise<void>>();

export function loadMessages(lang: Lang, scope: MessageScope = 'full'): Promise<void> {
  const key = `${scope}:${lang}`;
  let loading = loadedMessages.get(key);
  if (!loading) {
    loading = messageChunks[scope][lang]().then((messages) => {
      i18n.addResourceBundle(lang, 'translation', messages, true, true);
    });
    // A failed load (a chunk the network lost) is tried again by the next navigation.
    loading.catch(() => loadedMessages.delete(key));
    loadedMessages.set(key, loading);
  }
  return loading;
}


export { i18n };
