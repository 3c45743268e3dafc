import { createHostAccountBody, updateHostBody } from '@pavilion/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { ResourceForm, toPayload, type FormField } from './ResourceForm.tsx';

const fields: readonly FormField[] = [
  { name: 'name', label: 'host.name' },
  { name: 'email', label: 'host.email' },
  { name: 'userName', label: 'host.userName' },
  { name: 'password', label: 'host.password', type: 'password' },
];

describe('ResourceForm', () => {
  it('marks what the contract requires and checks values with the contract schema before submitting', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<ResourceForm name="t" fields={fields} schema={createHostAccountBody} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByTestId('t-submit'));
    expect(await screen.findByText('请输入主办方名称')).toBeTruthy();
    expect(screen.queryByText('请输入邮箱')).toBeNull(); // optional in the contract
    await userEvent.type(screen.getByLabelText('邮箱'), 'not-an-email');
    await userEvent.click(screen.getByTestId('t-submit'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed values, leaves out empty optional ones, and puts server field errors on their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 4010, description: '用户名已被占用', errors: [{ field: 'userName', message: 'userName' }] });
    });
    render(<ResourceForm name="t" fields={fields} schema={createHostAccountBody} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('主办方名称'), '  杭州会展  ');
    await userEvent.type(screen.getByLabelText('登录用户名'), 'newhost');
    await userEvent.type(screen.getByLabelText('登录密码'), 'secret-123');
    await userEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '杭州会展', email: null, userName: 'newhost', password: 'secret-123' }));
    expect(await screen.findByText('用户名已被占用')).toBeTruthy();
  });

  it('sends the hidden values with the inputs, parsed by the schema, and puts a rule across fields on its field', async () => {
    const schema = z
      .object({ name: z.string(), email: z.string(), hostId: z.string(), showIndex: z.number().default(0) })
      .superRefine((v, ctx) => {
        if (v.email === v.name) ctx.addIssue({ code: 'custom', path: ['email'], message: 'same' });
      });
    const onSubmit = vi.fn(async (_payload: z.output<typeof schema>) => undefined);
    render(<ResourceForm name="t" fields={fields.slice(0, 2)} schema={schema} hidden={{ hostId: 'h1' }} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('主办方名称'), 'same');
    await userEvent.type(screen.getByLabelText('邮箱'), 'same');
    await userEvent.click(screen.getByTestId('t-submit'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('邮箱'));
    await userEvent.type(screen.getByLabelText('邮箱'), 'other');
    await userEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'same', email: 'other', hostId: 'h1', showIndex: 0 }));
  });

  it('toPayload: empty → null where the schema takes null (clears it), else left out; read-only fields are not sent', () => {
    expect(toPayload({ name: '', nameEn: ' ', email: 'a@b.cn' }, updateHostBody, [{ name: 'name', label: 'host.name' }, { name: 'nameEn', label: 'host.nameEn' }, { name: 'email', label: 'host.email' }])).toEqual({
      nameEn: null,
      email: 'a@b.cn',
    });
    expect(toPayload({ name: 'x' }, updateHostBody, [{ name: 'name', label: 'host.name', readOnly: true }])).toEqual({});
  });
});
