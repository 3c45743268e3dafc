import type { ExpoProduct, MyEnquiry } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EX, fail, ok, show, signIn, stubFetch, expoHome } from '../../test/expoSite.tsx';
import { expoI18n } from '../i18n.ts';

const X = '00000000-0000-4000-a000-0000000000aa';
const P = '00000000-0000-4000-a000-0000000000e1';
const E = '00000000-0000-4000-a000-0000000007e1';
const base = `/api/v1/expo/${EX}`;
const home = expoHome();
const product: ExpoProduct = {
  id: P,
  exhibitorId: X,
  exhibitionId: EX,
  name: '云展示屏',
  nameEn: null,
  categoryId: null,
  pictures: [],
  videoUrl: null,
  videoCover: null,
  introduction: '',
  introductionEn: '',
  view3DUrl: null,
  company: { id: X, name: '上海华展科技', nameEn: null, logo: null },
  boothInfo: null,
  showEnquiryButton: true,
};
const mine: MyEnquiry = {
  id: E,
  exhibitorId: X,
  companyName: '上海华展科技',
  companyNameEn: null,
  productId: P,
  productName: '云展示屏',
  liveRoomId: null,
  source: 'product',
  content: '批发价多少？',
  isSample: true,
  shareContact: true,
  auditState: 1,
  state: 'answered',
  reply: '500 台起 8 折',
  repliedAt: '2026-05-01T02:00:00.000Z',
  createAt: '2026-05-01T01:00:00.000Z',
};

afterEach(() => localStorage.clear());

describe('enquiries on the visitor site', () => {
  it('leads a visitor who is not signed in to the sign-in page', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/products/${P}`]: () => ok(product), [`POST ${base}/products/${P}/view`]: () => ok({ lookCount: 1 }) });
    const { container } = show(`/expo/${EX}/products/${P}`);
    await userEvent.click(await within(container).findByTestId('enquiry-button'));
    await waitFor(() => expect(within(container).queryByTestId('enquiry-button')).toBeNull());
    expect(within(container).getByRole('heading', { level: 1 })).toHaveTextContent(expoI18n.t('login.title', { ns: 'expo' }));
  });

  it('sends the product’s enquiry with the sample and sharing choices, and shows a refusal in place', async () => {
    signIn();
    let sent: unknown = null;
    let calls = 0;
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/products/${P}`]: () => ok(product),
      [`POST ${base}/products/${P}/view`]: () => ok({ lookCount: 1 }),
      [`POST ${base}/enquiries`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return ++calls === 1 ? fail(400, 4026, '内容包含敏感词', [{ field: 'content', message: '内容包含敏感词' }]) : ok({ ...mine, state: 'new', reply: null, repliedAt: null });
      },
    });
    const { container } = show(`/expo/${EX}/products/${P}`);
    const view = within(container);
    await userEvent.click(await view.findByTestId('enquiry-button'));
    const sheet = await view.findByRole('dialog');
    expect(within(sheet).getByLabelText('向展商分享我的联系方式')).toBeChecked();
    await userEvent.type(within(sheet).getByLabelText('询盘内容'), '批发价多少？');
    await userEvent.click(within(sheet).getByLabelText('申请样品'));
    await userEvent.click(within(sheet).getByTestId('enquiry-send'));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('内容包含敏感词');
    await userEvent.click(within(sheet).getByLabelText('向展商分享我的联系方式'));
    await userEvent.click(within(sheet).getByTestId('enquiry-send'));
    expect(await view.findByTestId('enquiry-sent')).toHaveTextContent('已发送');
    expect(sent).toEqual({ exhibitorId: X, productId: P, content: '批发价多少？', isSample: true, shareContact: false });
    expect(view.queryByRole('dialog')).toBeNull();
  });

  it('lists the visitor’s enquiries with the exhibitor’s answer', async () => {
    signIn();
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/enquiries/mine`]: () => ok({ pageIndex: 1, pageSize: 20, totalCount: 1, totalPages: 1, items: [mine] }) });
    const { container } = show(`/expo-en/${EX}/me/enquiries`);
    const view = within(container);
    expect(await view.findByTestId(`my-enquiry-reply-${E}`)).toHaveTextContent('500 台起 8 折');
    expect(view.getByTestId(`my-enquiry-${E}`)).toHaveTextContent('Answered');
    expect(view.getAllByText('云展示屏').length).toBeGreaterThan(0);
  });
});
