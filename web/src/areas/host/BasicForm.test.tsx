import { Role, TagType, type FormItem } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok } from '../../test/fixtures.ts';
import BasicForm from './BasicForm.tsx';

const item = (name: string, label: string, showIndex: number, locked = false, check: Partial<FormItem['attributes']['checkOptions']> = {}): FormItem => ({
  tagType: TagType.Input,
  label,
  name,
  showIndex,
  locked,
  attributes: { placeholder: '', checkOptions: { require: false, email: false, phone: false, reg: false, other: '', ...check }, options: [], setTime: null, value: null },
});
const stored = [item('name', '姓名', 1, true, { require: true }), item('mobile', '手机号', 2, true, { require: true, phone: true }), item('company', '公司名称', 3), item('jobTitle', '职位', 4)];

const media = { id: '11111111-1111-4111-8111-111111111111', name: '媒体', nameEn: 'Media', summary: '', needAudit: true, isOpen: true, showIndex: 1 };

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v1/settings/visitor/groups') return ok({ exhibitionId: EXHIBITION_ID, groups: [media] });
    if (path === '/api/v3/form') return ok({ itemId: new URL(String(input), 'http://x').searchParams.get('itemId'), formType: 1, formItems: stored });
    if (path === '/api/v3/form/update/formitem') return ok(JSON.parse(String(init!.body)));
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const saved = (fetch: ReturnType<typeof serve>) => {
  const call = fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v3/form/update/formitem'));
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('the form designer (basic/form)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('keeps locked items, reorders, edits a label and saves the whole list in order', async () => {
    const fetch = serve();
    const { container } = renderScreen(<BasicForm />, '/live/index/basic/form');
    const c = within(container);
    const nameRow = await c.findByTestId('form-row-name');
    expect(within(nameRow).getByRole('button', { name: '删除' })).toBeDisabled();
    await userEvent.click(within(c.getByTestId('form-row-jobTitle')).getByRole('button', { name: '上移' }));
    await userEvent.click(c.getByTestId('form-edit-company'));
    const label = document.querySelector<HTMLInputElement>('#form-item_label')!;
    await userEvent.clear(label);
    await userEvent.type(label, '单位名称');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=form-item-apply]')!);
    await waitFor(() => expect(c.getByTestId('form-row-company')).toHaveTextContent('单位名称'));
    // The preview follows the edits.
    expect(within(c.getByTestId('form-preview')).getByLabelText('单位名称')).toBeInTheDocument();
    await userEvent.click(c.getByTestId('form-save'));
    await waitFor(() => expect(saved(fetch)).toBeDefined());
    const body = saved(fetch);
    expect(body).toMatchObject({ itemId: EXHIBITION_ID, formType: 1 });
    expect(body.formItems.map((i: FormItem) => `${i.showIndex}:${i.name}`)).toEqual(['1:name', '2:mobile', '3:jobTitle', '4:company']);
  });

  it('refuses to save a bad custom pattern before calling the server, naming the item', async () => {
    const fetch = serve();
    const { container } = renderScreen(<BasicForm />, '/live/index/basic/form');
    const c = within(container);
    await userEvent.click(await c.findByTestId('form-edit-company'));
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=form-check-reg]')!);
    const pattern = await waitFor(() => document.querySelector<HTMLInputElement>('#form-item_other')!);
    await userEvent.type(pattern, '(a+)+');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=form-item-apply]')!);
    await userEvent.click(c.getByTestId('form-save'));
    expect(await c.findByText(/公司名称：自定义校验规则含有嵌套重复/)).toBeInTheDocument();
    expect(saved(fetch)).toBeUndefined();
  });

  it("edits a visitor group's own form when opened with ?group=, offering only the visitor forms", async () => {
    const fetch = serve();
    const { container } = renderScreen(<BasicForm />, `/live/index/basic/form?group=${media.id}`);
    const c = within(container);
    await c.findByTestId('form-row-name');
    expect(c.getByTestId('form-target')).toHaveTextContent('分组：媒体');
    expect(fetch.mock.calls.some((call) => String(call[0]).includes(`itemId=${media.id}`))).toBe(true);
    await userEvent.click(c.getByTestId('form-save'));
    await waitFor(() => expect(saved(fetch)).toMatchObject({ itemId: media.id, formType: 1 }));
  });
});
