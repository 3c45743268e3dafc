import { Role } from '@pavilion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { gateOf } from '../session/features.ts';
import { sessionStore } from '../session/store.ts';
import { FeedbackBridge } from './feedback.tsx';
import { Guarded, NotOpened } from './FeatureGate.tsx';

const EX = '00000000-0000-4000-a000-000000000001';

function renderWith(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <FeedbackBridge />
        {ui}
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  sessionStore.clear();
  applyLanguage('zh-CN');
});

describe('gateOf', () => {
  it('opens with the key, closes without it, waits while loading, never gates the administrator', () => {
    const host = { role: Role.Host, exhibitionId: EX };
    expect(gateOf('live', host, ['live'])).toBe('open');
    expect(gateOf('live', host, ['product'])).toBe('closed');
    expect(gateOf('live', host, undefined)).toBe('loading');
    expect(gateOf('live', { role: Role.Host, exhibitionId: null }, undefined)).toBe('closed');
    expect(gateOf('live', { role: Role.Admin, exhibitionId: null }, undefined)).toBe('open');
    expect(gateOf(undefined, host, [])).toBe('open');
  });
});

describe('the not-opened messages', () => {
  it('host and exhibitor sentences in Chinese', () => {
    const { unmount } = renderWith(<NotOpened side="host" />);
    expect(screen.getByTestId('not-opened').textContent).toBe('服务未开通，请联系客服升级');
    unmount();
    renderWith(<NotOpened side="exhibitor" />);
    expect(screen.getByTestId('not-opened').textContent).toBe('主办方未开通此权限');
  });

  it('host and exhibitor sentences in English', () => {
    applyLanguage('en');
    const { unmount } = renderWith(<NotOpened side="host" />);
    expect(screen.getByTestId('not-opened').textContent).toBe('Service not activated. Please contact customer service to upgrade.');
    unmount();
    renderWith(<NotOpened side="exhibitor" />);
    expect(screen.getByTestId('not-opened').textContent).toBe('This permission has not been opened yet. Please contact the organizer.');
  });
});

describe('Guarded', () => {
  it('without the feature it blocks the click and says so for 2 seconds', async () => {
    sessionStore.set({ token: 't', role: Role.Host, exhibitionId: EX, roleMenu: { exhibitionId: EX, versionId: null, keys: ['product'] } });
    const onClick = vi.fn();
    renderWith(
      <Guarded feature="live">
        <button onClick={onClick}>直播</button>
      </Guarded>,
    );
    await userEvent.click(screen.getByText('直播'));
    expect(onClick).not.toHaveBeenCalled();
    expect(await screen.findByText('您还未开通此服务，请联系客服')).toBeTruthy();
  });

  it('with the feature the click goes through; hide leaves the element out', async () => {
    sessionStore.set({ token: 't', role: Role.Host, exhibitionId: EX, roleMenu: { exhibitionId: EX, versionId: null, keys: ['live'] } });
    const onClick = vi.fn();
    renderWith(
      <>
        <Guarded feature="live">
          <button onClick={onClick}>直播</button>
        </Guarded>
        <Guarded feature="vote" hide>
          <button>投票</button>
        </Guarded>
      </>,
    );
    await userEvent.click(screen.getByText('直播'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('投票')).toBeNull();
  });

  it('English message', async () => {
    applyLanguage('en');
    sessionStore.set({ token: 't', role: Role.Exhibitor, exhibitionId: EX, roleMenu: { exhibitionId: EX, versionId: null, keys: [] } });
    renderWith(
      <Guarded feature="live">
        <button>Live</button>
      </Guarded>,
    );
    await act(() => userEvent.click(screen.getByText('Live')));
    expect(await screen.findByText('You have not activated this service, please contact the customer service')).toBeTruthy();
  });
});
