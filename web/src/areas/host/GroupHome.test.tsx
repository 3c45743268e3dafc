import { Role, type VisitorGroup } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, json, ok } from '../../test/fixtures.ts';
import GroupHome from './GroupHome.tsx';

const group = (id: string, name: string, showIndex: number, extra: Partial<VisitorGroup> = {}): VisitorGroup => ({ id, name, nameEn: '', summary: '', needAudit: false, isOpen: true, showIndex, ...extra });
const buyers = group('11111111-1111-4111-8111-111111111111', '采购商', 1, { nameEn: 'Buyers' });
const media = group('22222222-2222-4222-8222-222222222222', '媒体', 2, { needAudit: true });
const settings = { visitorReg: { notice: '', noticeEn: '', regLink: '', regSuccessedNotice: '', regSuccessedNoticeEn: '', needAudit: false } };

function serve(answerPut?: (body: { groups: VisitorGroup[] }) => Response) {
  const puts: { groups: VisitorGroup[] }[] = [];
  const patches: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v1/settings/visitor/groups' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { groups: VisitorGroup[] };
      puts.push(body);
      if (answerPut) return answerPut(body);
      return ok({ exhibitionId: EXHIBITION_ID, groups: body.groups.map((g, i) => ({ ...({ nameEn: '', summary: '', needAudit: false, isOpen: true } as Partial<VisitorGroup>), ...g, id: g.id ?? '33333333-3333-4333-8333-333333333333', showIndex: i + 1 })) });
    }
    if (path === '/api/v1/settings/visitor/groups') return ok({ exhibitionId: EXHIBITION_ID, groups: [buyers, media] });
    if (path === '/api/v1/settings/exhibition') return ok(settings);
    if (path === '/api/v1/settings/exhibition/patch') {
      patches.push(JSON.parse(String(init!.body)));
      return ok({ ...settings, visitorReg: { ...settings.visitorReg, ...(JSON.parse(String(init!.body)) as typeof settings).visitorReg } });
    }
    throw new Error(`unexpected call ${init?.method ?? 'GET'} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, puts, patches };
}

describe('visitor groups (group/home)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('lists the groups with both registration links and the form and page links', async () => {
    serve();
    const { container } = renderScreen(<GroupHome />, '/live/index/group/home');
    const c = within(container);
    expect(await c.findByTestId('group-name-1')).toHaveTextContent('采购商');
    expect(c.getByTestId(`group-link-zh-${buyers.id}`)).toHaveTextContent(`/expo/${EXHIBITION_ID}/register?group=${buyers.id}`);
    expect(c.getByTestId(`group-link-en-${buyers.id}`)).toHaveTextContent(`/expo-en/${EXHIBITION_ID}/register?group=${buyers.id}`);
    expect(c.getByTestId(`group-form-${media.id}`)).toHaveAttribute('href', `/live/index/basic/form?group=${media.id}`);
    expect(c.getByTestId(`group-pages-${media.id}`)).toHaveAttribute('href', `/live/index/group/details?id=${media.id}`);
    expect(c.getByText('需审核')).toBeInTheDocument();
  });

  it('adds a group and reorders, sending the whole list with the ids kept', async () => {
    const { puts } = serve();
    const { container } = renderScreen(<GroupHome />, '/live/index/group/home');
    const c = within(container);
    await c.findByTestId('group-name-1');
    await userEvent.click(c.getByTestId('group-add'));
    await userEvent.type(document.querySelector<HTMLInputElement>('#visitor-group_name')!, '贵宾');
    await userEvent.click(document.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.groups.map((g) => [g.id, g.name])).toEqual([
      [buyers.id, '采购商'],
      [media.id, '媒体'],
      [undefined, '贵宾'],
    ]);
    await waitFor(() => expect(c.getByTestId('group-name-3')).toHaveTextContent('贵宾'));
    const rows = container.querySelectorAll('tbody tr');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.groups.map((g) => g.name)).toEqual(['媒体', '采购商', '贵宾']);
  });

  it("puts the server's field error on the group form's field", async () => {
    serve(() => json({ success: false, code: 4000, description: 'groups.2.name 已存在', errors: [{ field: 'groups.2.name', message: 'groups.2.name 已存在' }] }, 400));
    const { container } = renderScreen(<GroupHome />, '/live/index/group/home');
    const c = within(container);
    await c.findByTestId('group-name-1');
    await userEvent.click(c.getByTestId('group-add'));
    await userEvent.type(document.querySelector<HTMLInputElement>('#visitor-group_name')!, '采购商');
    await userEvent.click(document.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(document.querySelector('#visitor-group_name_help')).toHaveTextContent('groups.2.name 已存在'));
  });

  it('saves the registration settings (notices and needAudit) through the exhibition patch', async () => {
    const { patches } = serve();
    const { container } = renderScreen(<GroupHome />, '/live/index/group/home');
    const c = within(container);
    const notice = await waitFor(() => {
      const el = container.querySelector<HTMLTextAreaElement>('#visitor-reg_notice');
      if (!el) throw new Error('no notice yet');
      return el;
    });
    await userEvent.type(notice, '请如实填写');
    await userEvent.click(c.getByTestId('reg-need-audit'));
    await userEvent.click(c.getByTestId('reg-save'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ visitorReg: { notice: '请如实填写', needAudit: true } });
  });
});
