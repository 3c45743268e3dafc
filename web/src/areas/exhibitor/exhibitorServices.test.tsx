import { Role } from '@pavilion/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.ts';
import { applyLanguage } from '../../i18n/index.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import ExDown, { downloadTitle } from './ExDown.tsx';
import { lobbyPatch, isVideoUrl } from './lobby.ts';
import { LobbyPreview } from './LobbySettings.tsx';
import MyExhibitions, { boothOf, sortJoins } from './MyExhibitions.tsx';
import Policy, { policyText } from './Policy.tsx';
import { sanitizeHtml } from './SafeHtml.tsx';
import Share from './Share.tsx';
import { wrapText } from './sharePoster.ts';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const COMPANY_ID = '00000000-0000-4000-a000-0000000000c1';
const OTHER_EXHIBITION = '00000000-0000-4000-a000-000000000002';

/** fetch answering by path; every call is recorded. */
function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const answer = routes[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer(init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}


beforeEach(() => {
  queryClient.clear();
  signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID, companyId: COMPANY_ID });
});
afterEach(() => applyLanguage('zh-CN'));

describe('policy', () => {
  it('shows the English text on English pages, the Chinese one (flagged) when there is none', () => {
    expect(policyText({ content: '<p>中</p>', contentEn: '<p>En</p>' }, 'en')).toEqual({ html: '<p>En</p>', fallback: false });
    expect(policyText({ content: '<p>中</p>', contentEn: '' }, 'en')).toEqual({ html: '<p>中</p>', fallback: true });
    expect(policyText({ content: '<p>中</p>', contentEn: '<p>En</p>' }, 'zh-CN')).toEqual({ html: '<p>中</p>', fallback: false });
    expect(policyText({ content: '', contentEn: '' }, 'en')).toEqual({ html: '', fallback: false });
  });

  it('sanitises again in the browser: no scripts, handlers or javascript: links; links open in a new tab', () => {
    const clean = sanitizeHtml('<p onclick="x()">ok<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><a href="https://expo.example.com">good</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
    expect(clean).toContain('<a href="https://expo.example.com" target="_blank" rel="noopener noreferrer">good</a>');
    expect(clean).toContain('<p>ok</p>');
  });

  it('renders the policy in English with the fallback note', async () => {
    applyLanguage('en');
    serve({ '/api/v3/exhibitorpolicy': () => ok({ exhibitionId: EXHIBITION_ID, content: '<h3>布展须知</h3><p>请准时布展</p>', contentEn: '', updateAt: '2026-03-01T02:00:00.000Z' }) });
    renderScreen(<Policy />);
    expect(await screen.findByTestId('policy-content')).toHaveTextContent('请准时布展');
    expect(screen.getByText('No English version was provided; the Chinese text follows.')).toBeInTheDocument();
  });

  it('says when the host has published no policy', async () => {
    serve({ '/api/v3/exhibitorpolicy': () => ok({ exhibitionId: EXHIBITION_ID, content: '', contentEn: '', updateAt: null }) });
    renderScreen(<Policy />);
    expect(await screen.findByText('主办方暂未发布参展须知')).toBeInTheDocument();
  });
});

describe('ExDown', () => {
  it('titles in the page language, and logs a download before saving the file', async () => {
    expect(downloadTitle({ title: '手册', titleEn: 'Manual' }, true)).toBe('Manual');
    expect(downloadTitle({ title: '手册', titleEn: null }, true)).toBe('手册');
    const file = { id: '00000000-0000-4000-a000-0000000000f1', exhibitionId: EXHIBITION_ID, title: '参展手册', titleEn: null, url: '/uploads/2026/03/manual.pdf', fileName: 'manual.pdf', showIndex: 0, isShow: true, createAt: '2026-03-01T00:00:00.000Z' };
    const fetch = serve({
      '/api/v3/exhibitiondatadowload/exhibitor/page': () => ok(page([file], 1, 100, 1)),
      '/api/v3/exhibitiondatadowload/log': () => ok(file),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<ExDown />);
    await userEvent.setup().click(await screen.findByTestId(`exdown-${file.id}`));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const logCall = fetch.mock.calls.find(([u]) => String(u).endsWith('/log'))!;
    expect(JSON.parse(String((logCall[1] as RequestInit).body))).toEqual({ downloadId: file.id });
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/uploads/2026/03/manual.pdf');
    expect(link.download).toBe('manual.pdf');
    click.mockRestore();
  });
});

const join = (exhibitionId: string, name: string, startAt: string | null, over: object = {}) => ({
  id: `${exhibitionId.slice(0, -2)}99`,
  compId: COMPANY_ID,
  exhibitionId,
  boothInfo: 'A1-01',
  boothArea: '36㎡',
  auditState: 1,
  exhibition: { id: exhibitionId, name, nameEn: `${name} EN`, startAt, endAt: startAt },
  ...over,
});

describe('my exhibitions', () => {
  it('puts the current exhibition first, then the newest', () => {
    const joins = [join('e-old', '旧展', '2024-01-01T00:00:00Z'), join('e-new', '新展', '2026-01-01T00:00:00Z'), join('e-none', '未定', null), join('e-cur', '当前', '2025-01-01T00:00:00Z')];
    expect(sortJoins(joins, 'e-cur').map((j) => j.exhibitionId)).toEqual(['e-cur', 'e-new', 'e-old', 'e-none']);
    expect(boothOf({ boothInfo: 'A1-01', boothArea: null })).toBe('A1-01');
    expect(boothOf({ boothInfo: ' ', boothArea: '36㎡' })).toBe('36㎡');
  });

  it('lists the joins, marks the current one and offers to switch to another by signing in again', async () => {
    const fetch = serve({
      '/api/join/GetByManager': () => ok(page([join(EXHIBITION_ID, '智能制造展', '2026-05-01T00:00:00Z'), join(OTHER_EXHIBITION, '秋季展', '2026-09-01T00:00:00Z', { auditState: 0, boothInfo: null, boothArea: null })], 1, 100, 2)),
      '/api/v1/account/logout': () => ok(true),
    });
    renderScreen(<MyExhibitions />);
    expect(await screen.findByTestId(`myex-name-${EXHIBITION_ID}`)).toHaveTextContent('智能制造展');
    expect(screen.getByText('当前展会')).toBeInTheDocument();
    expect(screen.queryByTestId(`myex-switch-${EXHIBITION_ID}`)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId(`myex-switch-${OTHER_EXHIBITION}`));
    expect(await screen.findByText('切换到“秋季展”需要退出当前登录，并以该展会重新登录。是否继续？')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/logout'))).toBe(false);
  });
});

describe('lobby', () => {
  it('sends only what changed: removed media as null, welcomes trimmed', () => {
    const before = { lobbyBanner: '/uploads/a.png', lobbyVideo: null, lobbyWelcome: '欢迎', lobbyWelcomeEn: '' };
    expect(lobbyPatch(before, { ...before })).toEqual({});
    expect(lobbyPatch(before, { ...before, lobbyBanner: null, lobbyVideo: ' https://v.example.com/a.mp4 ', lobbyWelcome: ' 欢迎光临 ' })).toEqual({ lobbyBanner: null, lobbyVideo: 'https://v.example.com/a.mp4', lobbyWelcome: '欢迎光临' });
    expect(lobbyPatch(before, { lobbyVideo: '' })).toEqual({});
    expect(isVideoUrl('https://v.example.com/a.mp4')).toBe(true);
    expect(isVideoUrl('/uploads/a.mp4')).toBe(true);
    expect(isVideoUrl('javascript:alert(1)')).toBe(false);
  });

  it('previews the welcome of the chosen language (Chinese when no English) and the video', () => {
    const { rerender } = render(<LobbyPreview values={{ lobbyWelcome: '欢迎莅临', lobbyWelcomeEn: 'Welcome', lobbyVideo: '/uploads/v.mp4' }} lang="en" />);
    expect(screen.getByTestId('lobby-preview-welcome')).toHaveTextContent('Welcome');
    expect(screen.getByTestId('lobby-preview-video')).toHaveAttribute('src', '/uploads/v.mp4');
    rerender(<LobbyPreview values={{ lobbyWelcome: '欢迎莅临', lobbyWelcomeEn: '', lobbyVideo: 'javascript:x' }} lang="en" />);
    expect(screen.getByTestId('lobby-preview-welcome')).toHaveTextContent('欢迎莅临');
    expect(screen.queryByTestId('lobby-preview-video')).not.toBeInTheDocument();
    rerender(<LobbyPreview values={{}} lang="zh-CN" />);
    expect(screen.getByText('上传横幅、填写欢迎语后在此预览')).toBeInTheDocument();
  });
});

describe('share', () => {
  const company = { id: COMPANY_ID, name: '上海智造设备有限公司', nameEn: 'Shanghai Smart Equipment', logo: null, region: null, address: null, createAt: '2026-01-01T00:00:00.000Z' };
  const joinInfo = { exhibitor: { id: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, boothInfo: 'A1-01', boothArea: null }, company };
  const routes = (boothLink: string) => ({
    '/api/v1/settings/exhibition': () => ok({ boothLink }),
    '/api/v3/exhibitor/with/company': () => ok(joinInfo),
    '/api/v1/exhibition': () => ok({ id: EXHIBITION_ID, name: '智能制造展', nameEn: null }),
  });

  it('says the booth cannot be shared while the host has no booth link', async () => {
    serve(routes(''));
    renderScreen(<Share />);
    expect(await screen.findByTestId('share-no-link')).toHaveTextContent('主办方尚未配置展位页链接');
  });

  it('shows the booth link by the one rule, copies it, and draws its QR code', async () => {
    serve(routes('https://expo.example.com/booth/{id}'));
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderScreen(<Share />);
    expect(await screen.findByTestId('share-link')).toHaveValue(`https://expo.example.com/booth/${EXHIBITOR_ID}`);
    expect(screen.getByTestId('share-qr')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`https://expo.example.com/booth/${EXHIBITOR_ID}`));
  });

  it('wraps poster text by width, cutting the last line with an ellipsis', () => {
    const measure = (s: string) => [...s].length * 10;
    expect(wrapText(measure, '上海智造设备有限公司', 50, 2)).toEqual(['上海智造设', '备有限公司']);
    expect(wrapText(measure, '上海智造设备有限公司展台', 50, 2)).toEqual(['上海智造设', '备有限公…']);
    expect(wrapText(measure, 'ABC', 50, 1)).toEqual(['ABC']);
    expect(wrapText(measure, '', 50, 2)).toEqual([]);
  });
});
