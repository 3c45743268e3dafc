import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { sessionStore, type Session } from '../session/store.ts';

/** One screen on its own (no route table, guard or shell): the app's query client, antd's App, a memory router at `at`. */
export function renderScreen(ui: ReactNode, at = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** A signed-in session with a fresh access token; `session` gives the role and what the screen needs (exhibition, exhibitor …). */
export function signIn(session: Partial<Session>) {
  sessionStore.set({ token: 'access', auth: { access_token: 'access', refresh_token: null, expires_in: 900, expiresAt: Date.now() + 900_000 }, ...session });
}
