import { TagType, type FormItem } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/screen.tsx';
import { FormRenderer } from './FormRenderer.tsx';

const item = (name: string, label: string, tagType: number, over: { require?: boolean; email?: boolean; phone?: boolean; reg?: string; options?: string[]; showWhen?: FormItem['showWhen'] } = {}, showIndex = 0): FormItem => ({
  tagType,
  label,
  name,
  showIndex,
  locked: false,
  attributes: {
    placeholder: '',
    checkOptions: { require: over.require ?? false, email: over.email ?? false, phone: over.phone ?? false, reg: Boolean(over.reg), other: over.reg ?? '' },
    options: (over.options ?? []).map((v) => ({ label: v, value: v })),
    setTime: null,
    value: null,
  },
  ...(over.showWhen ? { showWhen: over.showWhen } : {}),
});

const form = [
  item('name', '姓名', TagType.Input, { require: true }, 1),
  item('mobile', '手机号', TagType.Input, { phone: true }, 2),
  item('code', '邀请码', TagType.Input, { reg: '^[A-Z]{2}\\d{2}$' }, 3),
  item('role', '身份', TagType.Radio, { options: ['采购商', '媒体'] }, 4),
  item('outlet', '媒体名称', TagType.Input, { require: true, showWhen: { name: 'role', values: ['媒体'] } }, 5),
];

describe('FormRenderer', () => {
  it('checks each item with the contract and words the issue with its label, in the form language', async () => {
    const onSubmit = vi.fn();
    const { container } = renderScreen(<FormRenderer items={form} lang="zh-CN" international={false} onSubmit={onSubmit} />);
    const c = within(container);
    await userEvent.type(c.getByLabelText('手机号'), '12345');
    await userEvent.type(c.getByLabelText('邀请码'), 'ab12');
    await userEvent.click(c.getByTestId('form-renderer-submit'));
    expect(await c.findByText('请填写姓名')).toBeInTheDocument();
    expect(c.getByText('手机号不是有效的手机号')).toBeInTheDocument();
    expect(c.getByText('邀请码格式不正确')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a conditional item only on its answer and drops a hidden answer on submit', async () => {
    const onSubmit = vi.fn();
    const { container } = renderScreen(<FormRenderer items={form} lang="en" international onSubmit={onSubmit} />);
    const c = within(container);
    expect(c.queryByLabelText('媒体名称')).toBeNull();
    await userEvent.click(c.getByText('媒体'));
    await userEvent.type(await c.findByLabelText('媒体名称'), 'Daily');
    await userEvent.click(c.getByText('采购商'));
    await waitFor(() => expect(c.queryByLabelText('媒体名称')).toBeNull());
    await userEvent.type(c.getByLabelText('姓名'), 'Ann');
    await userEvent.type(c.getByLabelText('手机号'), '+44 20 7946 0958');
    await userEvent.click(c.getByTestId('form-renderer-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', mobile: '+44 20 7946 0958', role: '采购商' }));
  });

  it('says the checks in English on the English form', async () => {
    const { container } = renderScreen(<FormRenderer items={form} lang="en" international onSubmit={() => {}} />);
    const c = within(container);
    await userEvent.click(c.getByTestId('form-renderer-submit'));
    expect(await c.findByText('姓名 is required')).toBeInTheDocument();
  });
});
