import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './zh-CN.ts';
import type { expoZhCN } from './expo.zh-CN.ts';

export type Lang = 'zh-CN' | 'en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; expo: typeof expoZhCN };
  }
}

/** Every dotted key of the message files, for route tables and resource descriptions. */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type MessageKey = Paths<Messages>;

/** Part 1 §2: a path containing ex-live-en is English, every other path Chinese. */
export const langOfPath = (path: string): Lang => (path.includes('ex-live-en') ? 'en' : 'zh-CN');

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

/** Switches the messages and dayjs together; antd's locale follows in the root layout. */
export function applyLanguage(lang: Lang) {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
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
dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');

/**
 * Each language's messages are chunks of their own: the login pages' few (`core`, before the first render)
 * and the rest (`full`, with the app's antd layer), which spreads the core in. Loaded once per language and scope.
 */
export type MessageScope = 'core' | 'full';
const messageChunks: Record<MessageScope, Record<Lang, () => Promise<object>>> = {
  core: {
    'zh-CN': () => import('./core.zh-CN.ts').then((m) => m.coreZhCN),
    en: () => import('./core.en.ts').then((m) => m.coreEn),
  },
  full: {
    'zh-CN': () => import('./zh-CN.ts').then((m) => m.zhCN),
    en: () => import('./en.ts').then((m) => m.en),
  },
};
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

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const formatDateTime = (value: string | null | undefined) => (value ? dayjs(value).format(DATE_TIME) : '');

export { i18n };
