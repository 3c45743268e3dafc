import { Role, type CustomerService as Row } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../components/feedback.tsx';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, json, ok } from '../../test/fixtures.ts';
import CustomerService from './CustomerService.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-000000000201';
const row: Row = { id: '00000000-0000-4000-e000-000000000001', exhibitorId: EXHIBITOR_ID, memberId: '00000000-0000-4000-b000-000000000002', name: '李华', phoneNumber: '13900000002', email: 'visitor2@example.com', company: '南方电子', jobTitle: '技术总监', createAt: '2026-11-20T02:00:00.000Z' };

type Call = { path: string; method: string; body: unknown };
function serve(added: 'ok' | 'missing') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const c = { path: new URL(String(input), 'http://x').pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(c);
      if (c.path === '/api/v1/member/backstage/customerservice/list') return ok([row]);
      if (c.path === '/api/v1/member/backstage/customerservice' && c.method === 'POST')
        return added === 'ok' ? ok({ ...row, id: '00000000-0000-4000-e000-000000000002' }) : json({ success: false, code: 4004, description: '观众不存在' }, 404);
      if (c.path === `/api/v1/member/backstage/customerservice/${row.id}` && c.method === 'DELETE') return ok(true);
      if (c.path === `/api/v1/member/backstage/customerservice/${row.id}/phonenumber`) return json({ success: false, code: 4011, description: '手机号已存在' }, 409);
      throw new Error(`unexpected call ${c.method} ${c.path}`);
    }),
  );
  return calls;
}

let spied: { mockRestore(): void } | null = null;
afterEach(() => {
  spied?.mockRestore();
  spied = null;
});

/** What the screen tells the person: the messages it shows, whichever antd App is current. */
function messages() {
  const error = vi.fn();
  spied = vi.spyOn(feedback, 'message').mockReturnValue({ success: vi.fn(), error, info: vi.fn(), warning: vi.fn() } as never);
  return error;
}

describe('customer service (exhibitor user)', () => {
  beforeEach(() => signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID }));

  it('lists, adds by phone or e-mail, and removes', async () => {
    const calls = serve('ok');
    const { container } = renderScreen(<CustomerService />, '/ex-live/index/user');
    const c = within(container);
    expect(await c.findByText('李华')).toBeInTheDocument();
    await userEvent.type(c.getByTestId('cs-contact'), 'visitor3@example.com');
    await userEvent.click(c.getByTestId('cs-add'));
    await waitFor(() => expect(calls.find((x) => x.method === 'POST')?.body).toEqual({ exhibitorId: EXHIBITOR_ID, phoneOrEmail: 'visitor3@example.com' }));
    await userEvent.click(c.getByTestId(`cs-remove-${row.id}`));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid=cs-remove-confirm]')!));
    await waitFor(() => expect(calls.some((x) => x.method === 'DELETE')).toBe(true));
  });

  it('says who is not found, and shows "already exists" for a taken mobile', async () => {
    const shown = messages();
    serve('missing');
    const { container } = renderScreen(<CustomerService />, '/ex-live/index/user');
    const c = within(container);
    await c.findByText('李华');
    await userEvent.type(c.getByTestId('cs-contact'), '13000000000');
    await userEvent.click(c.getByTestId('cs-add'));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('观众不存在', expect.anything()));
    await userEvent.click(c.getByTestId(`cs-edit-phone-${row.id}`));
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('.ant-modal input[type=tel], .ant-modal input:not([type=search])')!);
    await userEvent.clear(input);
    await userEvent.type(input, '13900000001');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=contact-save]')!);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('手机号已存在', expect.anything()));
  });
});
