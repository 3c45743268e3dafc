import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type AdminUser } from '@pavilion/contract';
import { queryClient } from '../../api/queryClient.ts';
import { FeedbackBridge } from '../../components/feedback.tsx';
import { signIn } from '../../test/screen.tsx';
import { json, ok, page } from '../../test/fixtures.ts';
import AdminUsers from './AdminUsers.tsx';

const me: AdminUser = { id: '00000000-0000-4000-a000-0000000000d1', userName: 'admin', name: '管理员', phoneNumber: null, email: null, isDisabled: false, isSelf: true, createAt: '2025-01-01T00:00:00.000Z' };
const ops: AdminUser = { ...me, id: '00000000-0000-4000-a000-0000000000d2', userName: 'ops', name: '值班', isSelf: false };

function serve(items: AdminUser[], remove: (url: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/v3/adminuser/query')) return ok(page(items, 1, 10, items.length));
    if (url.startsWith('/api/v3/adminuser') && init?.method === 'DELETE') return remove(url);
    if (url.startsWith('/api/v3/adminuser') && init?.method === 'PATCH') return ok({ ...ops, isDisabled: true });
    throw new Error(`unexpected ${init?.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const shown = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <FeedbackBridge />
        <MemoryRouter>
          <AdminUsers />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

/** The delete button of the open confirmation. */
const confirmButton = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm')).not.toBeNull());
  return within(document.querySelector<HTMLElement>('.ant-popconfirm')!).getByRole('button', { name: /删\s*除/ });
};

beforeEach(() => {
  queryClient.clear();
  signIn({ role: Role.Admin });
});
afterEach(() => vi.unstubAllGlobals());

describe('administrator accounts', () => {
  it('marks the caller and shows the last-administrator refusal as a dialog with the server’s sentence', async () => {
    serve([me], () => json({ success: false, code: 4034, description: '不能删除或停用最后一个启用的管理员账号，平台至少需要一个管理员' }, 409));
    shown();
    expect(await screen.findByText('当前登录')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('adminUser-delete-admin'));
    await user.click(await confirmButton());
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm')!;
    expect(dialog).toHaveTextContent('无法完成操作');
    expect(dialog).toHaveTextContent('不能删除或停用最后一个启用的管理员账号，平台至少需要一个管理员');
  });

  it('deletes another administrator with DELETE ?id and reloads the list', async () => {
    const fetch = serve([me, ops], () => ok(true));
    shown();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('adminUser-delete-ops'));
    await user.click(await confirmButton());
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url).includes(`id=${ops.id}`) && init?.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/v3/adminuser/query')).length).toBeGreaterThan(1));
  });
});
