import { createInstance } from 'i18next';
import { expoEn } from '../i18n/expo.en.ts';
import { expoZhCN } from '../i18n/expo.zh-CN.ts';

export type ExpoLang = 'zh-CN' | 'en';

/**
 * The site's own i18next instance with only its namespace: the back office's messages never load here.
 * Reached through <I18nextProvider> only: `initReactI18next` would make it react-i18next's global
 * instance, and the back office's screens (in the same test worker) would translate with it.
 */
export const expoI18n = createInstance();
void expoI18n.init({
  resources: { 'zh-CN': { expo: expoZhCN }, en: { expo: expoEn } },
  ns: ['expo'],
  defaultNS: 'expo',
  lng: typeof window !== 'undefined' && window.location.pathname.startsWith('/expo-en/') ? 'en' : 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The language of a site path: /expo-en/… is English, /expo/… Chinese. */
export const langOfExpoPath = (path: string): ExpoLang => (path.startsWith('/expo-en/') ? 'en' : 'zh-CN');
