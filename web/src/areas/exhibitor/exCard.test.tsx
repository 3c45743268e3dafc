import { CARD_LIMIT, Role, type Card } from '@pavilion/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectable } from '../../components/CardForm.tsx';
import { applyLanguage } from '../../i18n/index.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { cardQueryOf } from '../host/Cards.tsx';
import ExCard, { cardQuota } from './ExCard.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const badge = (n: number, over: Partial<Card> = {}): Card => ({
  id: `00000000-0000-4000-a000-0000000001${String(n).padStart(2, '0')}`,
  exhibitorId: EXHIBITOR_ID,
  exhibitionId: EXHIBITION_ID,
  compId: '00000000-0000-4000-a000-0000000000c1',
  companyName: '杭州云展科技',
  name: `员工${n}`,
  phone: '13800138000',
  email: null,
  position: '销售',
  idNumber: '110***********1234',
  photo: null,
  type: 'staff',
  printed: false,
  printedAt: null,
  auditState: 0,
  auditReason: null,
  submitAt: '2026-03-01T02:00:00.000Z',
  auditAt: null,
  createAt: '2026-03-01T02:00:00.000Z',
  updateAt: '2026-03-01T02:00:00.000Z',
  ...over,
});

function serve(cards: Card[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v3/exhibitorcard/query') return ok(page(cards, 1, 100, cards.length));
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
});
afterEach(() => applyLanguage('zh-CN'));

describe('badge rules on the screens', () => {
  it('counts the quota and closes it at the limit', () => {
    expect(cardQuota(3)).toEqual({ count: 3, limit: CARD_LIMIT, left: CARD_LIMIT - 3, full: false, percent: 30 });
    expect(cardQuota(CARD_LIMIT).full).toBe(true);
    // The host may have added beyond the limit: never a negative place or a bar over 100 %.
    expect(cardQuota(CARD_LIMIT + 2)).toMatchObject({ left: 0, full: true, percent: 100 });
  });

  it('keeps only pending badges for a decision and only approved ones for printing', () => {
    const rows = [badge(1), badge(2, { auditState: 1 }), badge(3, { auditState: 2 })];
    const keys = rows.map((r) => r.id);
    expect(selectable(rows, keys, 0)).toEqual([rows[0]!.id]);
    expect(selectable(rows, keys, 1)).toEqual([rows[1]!.id]);
    expect(selectable(rows, ['gone'], 0)).toEqual([]);
  });

  it('turns the host’s search form into the query', () => {
    expect(cardQueryOf('x', { keyword: '张', companyName: '云展', auditState: '2', printed: 'false', type: 'construction' })).toEqual({
      exhibitionId: 'x',
      keyword: '张',
      companyName: '云展',
      auditState: 2,
      printed: false,
      type: 'construction',
    });
    expect(cardQueryOf('x', { printed: 'true', auditState: '0' })).toMatchObject({ printed: true, auditState: 0, keyword: undefined, type: undefined });
  });
});

describe('ExCard', () => {
  it('lists the badges with their state, the rejection reason and the quota', async () => {
    const fetch = serve([badge(1, { auditState: 2, auditReason: '照片不清晰' }), badge(2, { auditState: 1, printed: true })]);
    renderScreen(<ExCard />);
    const table = await screen.findByTestId('excard-table');
    expect(await within(table).findByText('员工1')).toBeInTheDocument();
    expect(within(table).getByTestId('card-reason')).toHaveTextContent('照片不清晰');
    expect(within(table).getAllByTestId('audit-state').map((e) => e.textContent)).toEqual(['审核未通过', '审核通过']);
    expect(within(table).getAllByTestId('card-printed').map((e) => e.textContent)).toEqual(['未打印', '已打印']);
    expect(within(table).getAllByText('110***********1234')).toHaveLength(2);
    expect(screen.getByTestId('card-quota')).toHaveTextContent(`已办理 2 / ${CARD_LIMIT} 张`);
    expect(screen.getByTestId('card-add')).toBeEnabled();
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ exhibitorId: EXHIBITOR_ID });
  });

  it('closes the add button at the limit and says why, in English on English pages', async () => {
    applyLanguage('en');
    serve(Array.from({ length: CARD_LIMIT }, (_, i) => badge(i + 1)));
    renderScreen(<ExCard />);
    expect(await screen.findByTestId('card-limit')).toHaveTextContent('Limit reached');
    expect(screen.getByTestId('card-quota')).toHaveTextContent(`${CARD_LIMIT} of ${CARD_LIMIT} badges`);
    expect(screen.getByTestId('card-add')).toBeDisabled();
  });

  it('opens the form with the badge’s whole identity number for a change', async () => {
    const whole = badge(1, { idNumber: '110101199001011234' });
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0]!;
      if (path === '/api/v3/exhibitorcard/query') return ok(page([badge(1)], 1, 100, 1));
      if (path === '/api/v3/exhibitorcard') return ok(whole);
      throw new Error(`unexpected call ${path}`);
    });
    vi.stubGlobal('fetch', fetch);
    renderScreen(<ExCard />);
    await userEvent.click(await screen.findByTestId(`card-edit-${whole.id}`));
    expect(await screen.findByDisplayValue('110101199001011234')).toBeInTheDocument();
    expect(screen.getByDisplayValue('员工1')).toBeInTheDocument();
  });
});
