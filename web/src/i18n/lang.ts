/** The page's language and where its messages load from: no i18next here, so the page's first script can start the load. */
export type Lang = 'zh-CN' | 'en';

/** Part 1 §2: a path containing ex-live-en is English, every other path Chinese. */
export const langOfPath = (path: string): Lang => (path.includes('ex-live-en') ? 'en' : 'zh-CN');

/**
 * Each language's messages are chunks of their own: the login pages' few (`core`, before the first render)
 * and the rest (`full`, with the app's antd layer), which spreads the core in. Loaded once per language and scope.
 */
export type MessageScope = 'core' | 'full';
export const messageChunks: Record<MessageScope, Record<Lang, () => Promise<object>>> = {
  core: {
    'zh-CN': () => import('./core.zh-CN.ts').then((m) => m.coreZhCN),
    en: () => import('./core.en.ts').then((m) => m.coreEn),
  },
  full: {
    'zh-CN': () => import('./zh-CN.ts').then((m) => m.zhCN),
    en: () => import('./en.ts').then((m) => m.en),
  },
};
