import { exhibitionSettingsDefaults } from '@pavilion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/store.ts';
import { EXHIBITION_ID, exhibition, ok, page } from '../../test/fixtures.ts';
import { displayPatch, editedKeys, type DisplayValues } from './exDisplay.ts';
import { boothLinkFor, exhibitorLoginLink, qrFileName } from './exhibitorLinks.ts';
import ExOverview from './ExOverview.tsx';
import { countdown, overviewFigures } from './overview.ts';

const ids = { exhibitorId: 'e1e1e1e1-0000-4000-a000-000000000001', exhibitionId: EXHIBITION_ID };
const origin = 'https://back.example.com';

describe('booth page links', () => {
  it('are missing while no booth link is configured', () => {
    expect(boothLinkFor('', ids, origin)).toBeNull();
    expect(boothLinkFor('   ', ids, origin)).toBeNull();
    expect(boothLinkFor(null, ids, origin)).toBeNull();
  });

  it('fill the {id}/{exhibitorId} and {exhibitionId} placeholders', () => {
    expect(boothLinkFor('https://expo.example.com/booth/{id}', ids, origin)).toBe(`https://expo.example.com/booth/${ids.exhibitorId}`);
    expect(boothLinkFor('https://expo.example.com/e/{exhibitionId}/b/{exhibitorId}?from=link', ids, origin)).toBe(
      `https://expo.example.com/e/${EXHIBITION_ID}/b/${ids.exhibitorId}?from=link`,
    );
  });

  it('append id= as a query parameter without a placeholder, into the hash part of hash-router links', () => {
    expect(boothLinkFor('https://expo.example.com/booth', ids, origin)).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
    expect(boothLinkFor('https://expo.example.com/booth?lang=zh', ids, origin)).toBe(`https://expo.example.com/booth?lang=zh&id=${ids.exhibitorId}`);
    expect(boothLinkFor('https://expo.example.com/booth?', ids, origin)).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
    expect(boothLinkFor('https://m.example.com/#/booth', ids, origin)).toBe(`https://m.example.com/#/booth?id=${ids.exhibitorId}`);
    expect(boothLinkFor('https://m.example.com/#/booth?x=1', ids, origin)).toBe(`https://m.example.com/#/booth?x=1&id=${ids.exhibitorId}`);
  });

  it('put a path on this site and give a bare host https', () => {
    expect(boothLinkFor('/booth/{id}', ids, origin)).toBe(`${origin}/booth/${ids.exhibitorId}`);
    expect(boothLinkFor('expo.example.com/booth', ids, origin)).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
  });

  it('log exhibitors in through the exhibition’s exhibitor login, Chinese or English', () => {
    expect(exhibitorLoginLink(origin, EXHIBITION_ID)).toBe(`${origin}/ex-live/login/ex?id=${EXHIBITION_ID}`);
    expect(exhibitorLoginLink(origin, EXHIBITION_ID, 'en')).toBe(`${origin}/ex-live-en/login/ex?id=${EXHIBITION_ID}`);
  });

  it('name QR images after the exhibitor, without characters file systems refuse', () => {
    expect(qrFileName('杭州 示例/科技:有限公司', 'booth')).toBe('杭州_示例_科技_有限公司-booth.png');
  });
});

describe('display settings patch', () => {
  const before = Object.fromEntries(editedKeys.map((k) => [k, exhibitionSettingsDefaults[k]])) as DisplayValues;

  it('sends only the keys that changed, nested objects key by key', () => {
    expect(displayPatch(before, { ...before })).toEqual({});
    expect(displayPatch(before, { ...before, showViewCount: false, homeActivity: { col: 4, row: 1 }, enabledLive: false })).toEqual({
      showViewCount: false,
      homeActivity: { col: 4 },
      enabledLive: false,
    });
  });

  it('trims text, clears nullable images with null and the booth link with ""', () => {
    const set = { ...before, boothLink: 'https://x.example.com/b/{id}', exhibitorWebLogo: '/uploads/a.png' };
    expect(displayPatch(before, { ...before, boothLink: '  https://x.example.com/b/{id} ', exhibitorWebLogo: '/uploads/a.png' })).toEqual({
      boothLink: 'https://x.example.com/b/{id}',
      exhibitorWebLogo: '/uploads/a.png',
    });
    expect(displayPatch(set, { ...set, boothLink: '   ', exhibitorWebLogo: null })).toEqual({ boothLink: '', exhibitorWebLogo: null });
  });

  it('never sends a cleared number as null', () => {
    expect(displayPatch(before, { ...before, exhibitorLimitNumber: null as unknown as number })).toEqual({});
  });
});

describe('overview figures', () => {
  it('derive hidden, shown rate, audit per type and hand-in shares', () => {
    const f = overviewFigures({
      total: 8,
      shown: 6,
      pending: 2,
      journalIn: 3,
      journalOut: 5,
      lintelIn: 0,
      lintelOut: 0,
      audit: { total: 5, counts: { exhibitor: 2, journal: 3, lintel: 0 } as never },
    });
    expect(f).toMatchObject({ total: 8, shown: 6, hidden: 2, shownPercent: 75, pending: 2, auditTotal: 5 });
    expect(f.auditByType).toEqual([
      { type: 'journal', count: 3 },
      { type: 'exhibitor', count: 2 },
    ]);
    expect(f.journal).toEqual({ in: 3, out: 5, percent: 38 });
    expect(f.lintel).toEqual({ in: 0, out: 0, percent: 0 });
  });

  it('count an empty exhibition as zero everywhere', () => {
    const f = overviewFigures({ total: 0, shown: 0, pending: 0, journalIn: 0, journalOut: 0, lintelIn: 0, lintelOut: 0 });
    expect(f).toMatchObject({ hidden: 0, shownPercent: 0, auditTotal: 0, auditByType: [] });
  });

  it('place the exhibition in calendar days', () => {
    const now = dayjs('2026-05-10T10:00:00');
    const at = (s: string) => dayjs(s).toISOString();
    expect(countdown({ startAt: null, endAt: null }, now)).toEqual({ kind: 'unscheduled' });
    expect(countdown({ startAt: at('2026-05-20T09:00:00'), endAt: at('2026-05-22T17:00:00') }, now)).toEqual({ kind: 'before', days: 10 });
    expect(countdown({ startAt: at('2026-05-10T14:00:00'), endAt: at('2026-05-12T17:00:00') }, now)).toEqual({ kind: 'today' });
    expect(countdown({ startAt: at('2026-05-08T09:00:00'), endAt: at('2026-05-12T17:00:00') }, now)).toEqual({ kind: 'running', day: 3, total: 5 });
    expect(countdown({ startAt: at('2026-05-08T09:00:00'), endAt: null }, now)).toEqual({ kind: 'running', day: 3, total: null });
    expect(countdown({ startAt: at('2026-05-01T09:00:00'), endAt: at('2026-05-03T17:00:00') }, now)).toEqual({ kind: 'over', days: 7 });
  });
});

describe('exhibition overview screen', () => {
  it('shows the counts of the filtered exhibitor lists and the audit queue per type', async () => {
    const current = { ...exhibition(1), id: EXHIBITION_ID, name: '2026 数字贸易博览会' };
    sessionStore.set({ exhibitionId: EXHIBITION_ID, exhibitionInfo: current });
    const totals: [Record<string, unknown>, number][] = [
      [{ isShow: true }, 6],
      [{ auditState: 0 }, 2],
      [{ hasJournal: true }, 3],
      [{ hasJournal: false }, 5],
      [{ hasLintel: true }, 7],
      [{ hasLintel: false }, 1],
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input).split('?')[0]!;
        if (path === '/api/v1/exhibition') return ok(current);
        if (path === '/api/Audit/GetHasAuditInfos') return ok({ total: 4, counts: { journal: 3, lintel: 1 } });
        if (path === '/api/v1/exhibitor/query') {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          expect(body).toMatchObject({ exhibitionId: EXHIBITION_ID, pageSize: 1 });
          const hit = totals.find(([filter]) => Object.entries(filter).every(([k, v]) => body[k] === v));
          return ok(page([], 1, 1, hit?.[1] ?? 8));
        }
        throw new Error(`unexpected call ${path}`);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ExOverview />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const figure = (key: string) => within(screen.getByTestId(`figure-${key}`));
    expect(await figure('total').findByText('8')).toBeInTheDocument();
    expect(figure('total').getByText('已隐藏 2')).toBeInTheDocument();
    expect(await figure('shown').findByText('6')).toBeInTheDocument();
    expect(figure('shown').getByText('展示率 75%')).toBeInTheDocument();
    expect(await figure('audit').findByText('4')).toBeInTheDocument();
    const audit = within(screen.getByTestId('overview-audit'));
    expect(audit.getByText('会刊')).toBeInTheDocument();
    expect(audit.getByText('楣板')).toBeInTheDocument();
    expect(within(screen.getByTestId('overview-journal')).getByText('已提交 3')).toBeInTheDocument();
    expect(within(screen.getByTestId('overview-journal')).getByText('未提交 5')).toBeInTheDocument();
    expect(within(screen.getByTestId('overview-lintel')).getByText('未提交 1')).toBeInTheDocument();
    expect(screen.getByTestId('overview-countdown')).toHaveTextContent('已闭幕');
  });
});
