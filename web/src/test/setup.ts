import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { testConfig } from './fixtures.ts';
import { queryClient } from '../api/queryClient.ts';
import { applyLanguage, loadMessages } from '../i18n/index.ts';
import { clearPendingTimers, trackTimers } from './timers.ts';

// Both languages' messages, as the app loads them before a screen renders, and the app's antd layer, which a test's
// first screen would otherwise wait for inside its timeout.
await Promise.all([loadMessages('zh-CN'), loadMessages('en'), import('../components/AppLayer.tsx')]);

// Lazy screens and antd render slowly on a loaded 2-core CI machine: wait up to 5 s for them.
configure({ asyncUtilTimeout: 5000 });

// antd reads media queries and measures elements; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
// Like recent Chromium, whose scroll methods return a promise.
window.scrollTo = vi.fn(() => Promise.resolve()) as unknown as typeof window.scrollTo;
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
}

setConfig(testConfig);
trackTimers(globalThis);

// Files share a worker (isolate: false): each one starts where a fresh page would, at / in Chinese.
window.history.replaceState(null, '', '/');
applyLanguage('zh-CN');

afterEach(async () => {
  cleanup();
  await queryClient.cancelQueries();
  queryClient.clear();
  clearPendingTimers();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
