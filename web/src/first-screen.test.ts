import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostRoutes } from './routes/host.ts';
import { firstConfig, preloadLightScreen, startFirstScreen } from './first-screen.ts';

const CONFIG = { api: '/api/v1', exhibitionId: null };
const answer = () => new Response(JSON.stringify(CONFIG), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the first screen’s early start (boot.ts)', () => {
  it('asks for the configuration once: the app takes that answer, and a later call asks again', async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    startFirstScreen('/live/index/home/home');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await firstConfig()).toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await firstConfig()).toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts the chunk of the login page at the path, and of no other screen', () => {
    const login = hostRoutes.screens.find((s) => s.path === 'login/alogin')!;
    const home = hostRoutes.screens.find((s) => s.path === 'index/home/home')!;
    const loadLogin = vi.spyOn(login, 'load').mockResolvedValue({ default: () => null });
    const loadHome = vi.spyOn(home, 'load').mockResolvedValue({ default: () => null });
    preloadLightScreen('/live/index/home/home', [hostRoutes]);
    expect(loadHome).not.toHaveBeenCalled();
    expect(loadLogin).not.toHaveBeenCalled();
    preloadLightScreen('/live/login/alogin', [hostRoutes]);
    expect(loadLogin).toHaveBeenCalledTimes(1);
  });
});
