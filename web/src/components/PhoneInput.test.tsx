import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { formatPhone, fromPhoneValue, isValidPhone, phoneRules, toPhoneValue } from './PhoneInput.numbers.ts';
import { PhoneInput } from './PhoneInput.tsx';
import { stubDirectory } from './RegionPicker.fixtures.ts';

function setup(initial?: string) {
  stubDirectory();
  const onFinish = vi.fn<(values: { phone?: string }) => void>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form initialValues={{ phone: initial }} onFinish={onFinish}>
        <Form.Item name="phone" label="phone" rules={phoneRules()}>
          <PhoneInput />
        </Form.Item>
        <Button htmlType="submit">submit</Button>
      </Form>
    </QueryClientProvider>,
  );
  return { onFinish, user: userEvent.setup() };
}

const country = () => screen.getByRole('combobox');
const number = () => screen.getByRole('textbox');
const popup = () => document.querySelector<HTMLElement>('.phone-input-popup')!;
/** Name and code of each listed option (without the flag). */
const optionTexts = () =>
  [...popup().querySelectorAll('.ant-select-item-option')].map((o) => `${o.querySelector('.phone-option-name')?.textContent}${o.querySelector('.phone-option-code')?.textContent}`);

async function pick(user: ReturnType<typeof userEvent.setup>, search: string, name: string) {
  await user.click(country());
  await user.type(country(), search);
  await user.click(await within(popup()).findByText(name));
}

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('PhoneInput', () => {
  it('lists +86 first, then Hong Kong and Macao, then the countries by name', async () => {
    const { user } = setup();
    await user.click(country());
    // The list is virtual: the first ten are drawn. Pinyin order: 阿富汗 a, 德国 d, 法国 f, 根西 g, 韩国 h, 加拿大 j, 美国 m …
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    expect(optionTexts()).toEqual(['中国大陆+86', '香港特别行政区+852', '澳门特别行政区+853', '阿富汗+93', '德国+49', '法国+33', '根西+44', '韩国+82', '加拿大+1', '美国+1']);
  });

  it('sorts by the English names in the English UI', async () => {
    await i18n.changeLanguage('en');
    const { user } = setup();
    await user.click(country());
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    expect(optionTexts()).toEqual(['Chinese Mainland+86', 'Hong Kong+852', 'Macao+853', 'Afghanistan+93', 'Canada+1', 'France+33', 'Germany+49', 'Guernsey+44', 'Japan+81', 'Singapore+65']);
  });

  it('validates a UK number for +44 and gives it in E.164', async () => {
    const { onFinish, user } = setup();
    await pick(user, '英国', '英国');
    expect(screen.getByTestId('phone-country')).toHaveTextContent('+44');
    await user.type(number(), '07911 123456');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ phone: '+447911123456' }));
    await waitFor(() => expect(screen.queryByText('请输入有效的手机号')).toBeNull());
  });

  it('finds a country by its dialling code', async () => {
    const { user } = setup();
    await user.click(country());
    await user.type(country(), '+44');
    await waitFor(() => expect(optionTexts()).toEqual(['根西+44', '英国+44']));
  });

  it('refuses a number that is not valid for the chosen country, in the UI language', async () => {
    const { onFinish, user } = setup();
    await pick(user, '44', '英国');
    await user.type(number(), '12345');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('请输入有效的手机号')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('says so in English on English screens', async () => {
    await i18n.changeLanguage('en');
    const { user } = setup();
    await user.type(number(), '1380000');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Enter a valid phone number for the selected country')).toBeInTheDocument();
  });

  it('keeps mainland numbers plain, as the accounts store them', async () => {
    const { onFinish, user } = setup();
    expect(screen.getByTestId('phone-country')).toHaveTextContent('+86');
    await user.type(number(), '138 0000 0002');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ phone: '13800000002' }));
  });

  it('shows a stored international number under its country', async () => {
    setup('+85291234567');
    expect(number()).toHaveValue('9123 4567');
    await waitFor(() => expect(screen.getByTestId('phone-country')).toHaveTextContent('+852'));
  });
});

describe('phone values', () => {
  it('are plain national numbers for +86 and E.164 for the rest', () => {
    expect(toPhoneValue('GB', '44', '07911 123456')).toBe('+447911123456');
    expect(toPhoneValue('CN', '86', '138-0000-0001')).toBe('13800000001');
    expect(toPhoneValue('GB', '44', '+86 138 0000 0001')).toBe('13800000001');
    expect(toPhoneValue('GB', '44', '')).toBe('');
    expect(toPhoneValue('GB', '44', '07911 12345a')).toBe('07911 12345a');
    expect(fromPhoneValue('13800000001', 'CN')).toEqual({ iso: 'CN', text: '13800000001' });
    expect(fromPhoneValue('+8613800000001', 'CN')).toEqual({ iso: 'CN', text: '13800000001' });
    expect(fromPhoneValue('', 'GB')).toEqual({ iso: 'GB', text: '' });
  });

  it('are checked against the mobile numbering plans and the contract', () => {
    expect(isValidPhone('+447911123456')).toBe(true);
    expect(isValidPhone('13800000001')).toBe(true);
    expect(isValidPhone('+4412345')).toBe(false);
    expect(isValidPhone('1380000')).toBe(false);
    expect(isValidPhone('+44 7911 123456')).toBe(false);
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhone('13800000001')).toBe('13800000001');
  });
});
