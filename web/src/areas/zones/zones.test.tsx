import { Role, type FocusApplication, type TopicApplication } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import HostFocus from './HostFocus.tsx';
import { TopicAudit } from './HostTopics.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const when = '2026-05-01T01:00:00.000Z';

const application = (n: number, over: Partial<TopicApplication> = {}): TopicApplication => ({
  id: `00000000-0000-4000-a000-0000000009${String(n).padStart(2, '0')}`,
  topicId: '00000000-0000-4000-a000-000000000a01',
  topicName: '智能制造',
  topicNameEn: null,
  kind: 'topic',
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: `星河展具${n}`,
  reason: '展品契合',
  auditState: 0,
  auditReason: null,
  submitAt: when,
  auditAt: null,
  createAt: when,
  ...over,
});
const focus = (n: number, over: Partial<FocusApplication> = {}): FocusApplication => ({
  id: `00000000-0000-4000-a000-000000000b${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: '星河展具',
  productId: '00000000-0000-4000-a000-000000000c01',
  productName: '折叠展架',
  reason: '新品',
  startAt: when,
  endAt: '2026-06-01T01:00:00.000Z',
  sort: 0,
  auditState: 0,
  auditReason: null,
  submitAt: when,
  auditAt: null,
  createAt: when,
  ...over,
});

function serve(routes: Record<string, (body: unknown) => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => JSON.parse(String(c[1]!.body)));

describe('host topic-audit/info', () => {
  it('lists the exhibition’s applications; approves one and rejects another with a reason', { timeout: 40_000 }, async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const a = application(1);
    const b = application(2);
    const fetch = serve({
      'POST /api/v3/topic/apply/page': () => ok(page([a, b], 1, 10, 2)),
      'POST /api/v3/topic/apply/audit': () => ok({ decided: 1, items: [] }),
    });
    const { container } = renderScreen(<TopicAudit />, '/live/index/topic-audit/info');
    expect(await within(container).findByTestId(`topic-app-${a.id}`)).toHaveTextContent('星河展具1');
    expect(bodiesOf(fetch, 'POST', '/api/v3/topic/apply/page')[0]).toMatchObject({ exhibitionId: EXHIBITION_ID });
    await userEvent.click(within(container).getByTestId(`topic-approve-${a.id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/topic/apply/audit')).toEqual([{ ids: [a.id], auditState: 1 }]));
    await userEvent.click(within(container).getByTestId(`topic-reject-${b.id}`));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('zones-reject-reason'));
    await userEvent.paste('不符合主题');
    await userEvent.click(screen.getByTestId('zones-reject-confirm'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/topic/apply/audit')[1]).toEqual({ ids: [b.id], auditState: 2, reason: '不符合主题' }));
  });
});

describe('host focus', () => {
  it('shows the product featured and its window, and approves', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const f = focus(1);
    const fetch = serve({
      'POST /api/v1/applyfocus/page': () => ok(page([f], 1, 10, 1)),
      'POST /api/v1/applyfocus/audit': () => ok({ decided: 1, items: [] }),
    });
    const { container } = renderScreen(<HostFocus />, '/live/index/focus');
    expect(await within(container).findByTestId(`focus-row-${f.id}`)).toHaveTextContent('星河展具');
    expect(within(container).getByText('折叠展架')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId(`focus-approve-${f.id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v1/applyfocus/audit')).toEqual([{ ids: [f.id], auditState: 1 }]));
  });
});
