import { Role } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok } from '../../test/fixtures.ts';
import GroupDetails from './GroupDetails.tsx';

const media = { id: '22222222-2222-4222-8222-222222222222', name: '媒体', nameEn: 'Media', summary: '', needAudit: true, isOpen: true, showIndex: 1 };
const invitation = { groupId: media.id, backgroundColor: '#0a2540', backgroundUrl: '', topToContent: 100 };
const share = { groupId: media.id, title: '', titleEn: '', summary: '', imageUrl: '' };
const poster = { groupId: media.id, backgroundUrl: '', qrX: 225, qrY: 880, qrSize: 300, textColor: '#333333' };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h1"/></svg>';

function serve() {
  const puts: { path: string; body: unknown }[] = [];
  const qrCalls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname;
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { items: object[] };
      puts.push({ path, body });
      return ok({ exhibitionId: EXHIBITION_ID, items: body.items });
    }
    if (path === '/api/v1/settings/visitor/groups') return ok({ exhibitionId: EXHIBITION_ID, groups: [media] });
    if (path === '/api/v1/settings/visitor/groups/invitation') return ok({ exhibitionId: EXHIBITION_ID, items: [invitation] });
    if (path === '/api/v1/settings/visitor/groups/share') return ok({ exhibitionId: EXHIBITION_ID, items: [share] });
    if (path === '/api/v1/settings/visitor/groups/share-poster') return ok({ exhibitionId: EXHIBITION_ID, items: [poster] });
    if (path === '/api/v1/settings/visitor/groups/share-poster/qr') {
      qrCalls.push(url.search);
      return new Response(SVG, { status: 200, headers: { 'content-type': 'image/svg+xml' } });
    }
    throw new Error(`unexpected call ${init?.method ?? 'GET'} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return { puts, qrCalls };
}

describe('group pages (group/details)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('previews the invitation page as it is edited and saves the group item', async () => {
    const { puts } = serve();
    const { container } = renderScreen(<GroupDetails />, `/live/index/group/details?id=${media.id}`);
    const c = within(container);
    const preview = await c.findByTestId('invitation-preview');
    expect(preview).toHaveStyle({ backgroundColor: '#0a2540' });
    expect(preview).toHaveTextContent('媒体');
    const top = c.getByTestId('invitation-top');
    await userEvent.clear(top);
    await userEvent.type(top, '320');
    await waitFor(() => expect((preview.firstElementChild as HTMLElement).style.height).toBe(`${(320 * 320) / 375}px`));
    await userEvent.click(c.getByTestId('invitation-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ path: '/api/v1/settings/visitor/groups/invitation', body: { items: [{ ...invitation, topToContent: 320 }] } });
  });

  it("shows the server's QR code on the poster, follows the language, and refuses a QR outside the poster", async () => {
    const { qrCalls, puts } = serve();
    const { container } = renderScreen(<GroupDetails />, `/live/index/group/details?id=${media.id}`);
    const c = within(container);
    await userEvent.click(await c.findByRole('tab', { name: '分享海报' }));
    const qr = await c.findByTestId('poster-qr');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(qrCalls[0]).toContain(`groupId=${media.id}`);
    expect(qrCalls[0]).toContain('lang=zh');
    await userEvent.click(c.getByText('英文'));
    await waitFor(() => expect(qrCalls.some((q) => q.includes('lang=en'))).toBe(true));
    const x = c.getByTestId('poster-qrX');
    await userEvent.clear(x);
    await userEvent.type(x, '600');
    expect(await c.findByText('二维码须在海报（750 × 1334）范围内')).toBeInTheDocument();
    expect(c.getByTestId('poster-save')).toBeDisabled();
    await userEvent.clear(x);
    await userEvent.type(x, '100');
    await userEvent.click(c.getByTestId('poster-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ items: [{ ...poster, qrX: 100 }] });
  });
});
