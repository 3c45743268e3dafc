import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { expoEn } from '../i18n/expo.en.ts';
import { expoZhCN } from '../i18n/expo.zh-CN.ts';

export type ExpoLang = 'zh-CN' | 'en';

/** The site's own i18next instance with only its namespace: the back office's messages never load here. */
export const expoI18n = createInstance();
void expoI18n.use(initReactI18next).init({
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
