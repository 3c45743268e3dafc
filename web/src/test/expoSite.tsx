import type { ExpoHome } from '@pavilion/contract';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { SiteRoutes } from '../expo/App.tsx';
import { expoI18n } from '../expo/i18n.ts';

/** What the visitor site's tests share: the demo exhibition, a faked API and the site rendered at a path. */
export const EX = '00000000-0000-4000-a000-000000000001';

/** The demo exhibition's home as the site reads it: open, no dates, no figures; a test overrides what it checks. */
export const expoHome = (over: Partial<ExpoHome> = {}): ExpoHome => ({
  id: EX,
  name: '演示展会',
  nameEn: 'Demo Expo',
  logo: null,
  banner: null,
  startAt: null,
  endAt: null,
  startTime: null,
  endTime: null,
  address: null,
  addressEn: null,
  description: null,
  descriptionEn: null,
  state: 'open',
  figures: { exhibitorCount: null, viewCount: null },
  logoGrid: { col: 6, row: 2, items: [] },
  journalDisplay: { layout: 'grid', productSort: 'showIndex', showProductCount: true, showEnquiryButton: true },
  features: ['enquiry', 'appointment', 'evaluate', 'business'],
  visitorReg: { notice: '', noticeEn: '' },
  categories: [],
  ...over,
});

export type Answer = { status?: number; body: unknown };
export const ok = (data: unknown): Answer => ({ body: { success: true, code: 0, data } });
export const fail = (status: number, code: number, description: string, errors?: { field: string; message: string }[]): Answer => ({ status, body: { success: false, code, description, errors } });

/** fetch answering the routes given ("METHOD /path"), throwing on any other call. */
export function stubFetch(routes: Record<string, (url: URL, init: RequestInit) => Answer>) {
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    const { status = 200, body } = route(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const show = (path: string) =>
  render(
    <I18nextProvider i18n={expoI18n}>
      <MemoryRouter initialEntries={[path]}>
        <SiteRoutes />
      </MemoryRouter>
    </I18nextProvider>,
  );

/** A signed-in visitor of the demo exhibition, as the site keeps it. */
export const signIn = () => localStorage.setItem(`pavilion.expo.${EX}.visitor`, JSON.stringify({ accessToken: 'visitor-token', refreshToken: 'r', expiresAt: Date.now() + 3600_000 }));

/** A stand-in for the browser's EventSource (the site's live pages): the test sends the server's events through it. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
}
