import { Role } from '@pavilion/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, exhibition, host, json, ok } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import { sessionStore } from './store.ts';

const hostSession = () =>
  sessionStore.set({
    token: 'access',
    auth: { access_token: 'access', refresh_token: 'r', expires_in: 900, expiresAt: Date.now() + 900_000 },
    role: Role.Host,
    hostId: host.id,
    host,
    user: { id: 'u1', userName: 'host', name: null, role: 1, phoneNumber: null, email: null },
  });

describe('session in the app', () => {
  it('401: shows “authorization expired” and on close goes to the host login with the session gone', async () => {
    hostSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, code: 4001, description: 'x' }, 401)),
    );
    const { router } = renderApp('/live/index/home/home');
    expect(await screen.findByText('授权过期，请重新登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/live/index/home/home');
    await userEvent.setup().click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/login/alogin'));
    expect(sessionStore.get().token).toBeNull();
  });

  it('logout: calls the server, clears all localStorage and goes to the host login', async () => {
    hostSession();
    window.localStorage.setItem('something-else', '1');
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0];
      if (!(init?.headers as Record<string, string>).authorization) return json({ success: false, code: 4001, description: 'x' }, 401);
      if (path === '/api/v1/exhibition/query') return ok({ pageIndex: 1, pageSize: 1000, totalCount: 1, totalPages: 1, items: [exhibition(1)] });
      if (path === '/api/v1/host/by-hostid') return ok(host);
      if (path === '/api/v1/account/logout') return json({ success: false, code: 5000, description: 'down' }, 500);
      throw new Error(path);
    });
    vi.stubGlobal('fetch', fetch);
    const { router } = renderApp('/live/index/home/home');
    await userEvent.setup().click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/login/alogin'));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/v1/account/logout')).toBe(true);
    expect(window.localStorage.length).toBe(0);
    // Nothing still on screen asked again without a token (which would raise the 401 notice on the login page).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch.mock.calls.filter(([, init]) => !(init?.headers as Record<string, string>).authorization)).toEqual([]);
    expect(screen.queryByText('授权过期，请重新登录')).not.toBeInTheDocument();
  });

  it('a host signed in straight onto a gated screen gets the first exhibition chosen, not “not opened”', async () => {
    hostSession();
    const first = exhibition(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).split('?')[0];
        if (path === '/api/v1/exhibition/query') return ok({ pageIndex: 1, pageSize: 1000, totalCount: 1, totalPages: 1, items: [first] });
        if (path === `/api/v3/version/display/feature/exhibitionid/${first.id}`) return ok({ exhibitionId: first.id, versionId: null, keys: ['business'] });
        if (path === '/api/v3/menupower/display') return ok({ items: [] });
        return ok({ pageIndex: 1, pageSize: 10, totalCount: 0, totalPages: 0, items: [] });
      }),
    );
    renderApp('/live/index/business/info');
    await waitFor(() => expect(sessionStore.get().exhibitionId).toBe(first.id));
    expect(sessionStore.get().exhibitionInfo?.name).toBe(first.name);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByTestId('not-opened')).not.toBeInTheDocument();
  });

  it('exhibitor logout on the English side goes to the English exhibitor login of the exhibition', async () => {
    sessionStore.set({ token: 'access', role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, companyId: 'c1', exhibitionInfo: { ...exhibition(1), id: EXHIBITION_ID } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).split('?')[0];
        if (path === '/api/v1/company') return ok({ id: 'c1', name: '示例', nameEn: 'Example', logo: null, region: null, address: null });
        if (path === '/api/v1/exhibition') return ok({ ...exhibition(1), id: EXHIBITION_ID });
        return ok(true);
      }),
    );
    const { router } = renderApp('/ex-live-en/index/home');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('logout'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/ex-live-en/login/ex?id=${EXHIBITION_ID}`));
  });
});
