import { Role } from '@pavilion/contract';
import { describe, expect, it, vi } from 'vitest';
import { authFromToken, createSessionStore, emptySession } from './store.ts';

describe('session store', () => {
  it('persists each field under its own localStorage key and reads it back', () => {
    const store = createSessionStore(window.localStorage);
    store.set({ token: 'abc', role: Role.Host, hostId: 'h1' });
    expect(window.localStorage.getItem('token')).toBe('"abc"');
    expect(window.localStorage.getItem('role')).toBe('1');
    expect(createSessionStore(window.localStorage).get()).toMatchObject({ token: 'abc', role: Role.Host, hostId: 'h1', user: null });
  });

  it('notifies subscribers and clears all of localStorage on clear', () => {
    const store = createSessionStore(window.localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    window.localStorage.setItem('unrelated', 'x');
    store.set({ token: 'abc' });
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()).toEqual(emptySession);
    expect(window.localStorage.length).toBe(0);
  });

  it('computes expiresAt as now plus expires_in seconds', () => {
    expect(authFromToken({ access_token: 'a', refresh_token: 'r', expires_in: 900, token_type: 'Bearer', scope: 's' }, 1_000)).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 900,
      expiresAt: 901_000,
    });
  });

  it('normalises a stored role that is neither 1 nor 2 to exhibitor', () => {
    window.localStorage.setItem('role', '"5"');
    expect(createSessionStore(window.localStorage).get().role).toBe(Role.Exhibitor);
  });
});
