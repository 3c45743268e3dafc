import { ErrorCode, Role } from '@pavilion/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/store.ts';
import { EXHIBITION_ID, exhibition, host, json, ok } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const token = { access_token: 'access', refresh_token: 'refresh', expires_in: 900, token_type: 'Bearer', scope: 's' };

/** fetch answering by path; every call is recorded. */
function serve(routes: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0]!;
    const answer = routes[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function fillAndSubmit(userName: string, password: string) {
  const user = userEvent.setup();
  await screen.findByTestId('login-submit');
  await user.type(document.getElementById('userName')!, userName);
  await user.type(document.getElementById('password')!, password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  it('renders the host login in Chinese on /live', async () => {
    renderApp('/live/login/alogin');
    expect(await screen.findByRole('heading', { name: '主办方登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveAttribute('id', 'userName');
    expect(screen.getByLabelText('密码')).toHaveAttribute('id', 'password');
    expect(screen.getByTestId('login-submit')).toHaveTextContent('登录');
    await waitFor(() => expect(document.title).toBe('主办方登录 - Pavilion 展务平台'));
  });

  it('renders the exhibitor login in English on /ex-live-en with both tabs and the fixed title', async () => {
    renderApp(`/ex-live-en/login/ex?id=${EXHIBITION_ID}`);
    expect(await screen.findByRole('heading', { name: 'Exhibitor login' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Phone and code' })).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pavilion Exhibitor Center'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows the spec’s sentence for code 4002, not the server’s', async () => {
    const fetch = serve({
      '/api/v1/account/login/host': () => json({ success: false, code: ErrorCode.WrongLoginIdentity, description: 'server text' }, 400),
    });
    renderApp('/live/login/alogin');
    await fillAndSubmit('admin', 'pavilion');
    expect(await screen.findByText('登录身份有误，请重新确认')).toBeInTheDocument();
    expect(screen.queryByText('server text')).not.toBeInTheDocument();
    const [, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ userName: 'admin', password: 'pavilion' });
    expect((init.headers as Record<string, string>)['accept-language']).toBe('zh-CN');
  });

  it('shows the server’s description for any other failure', async () => {
    serve({ '/api/v1/account/login/host': () => json({ success: false, code: ErrorCode.WrongPassword, description: '用户名或密码错误' }, 400) });
    renderApp('/live/login/alogin');
    await fillAndSubmit('host', 'nope');
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  });

  it('shows the image captcha when the server asks for it, sends it with the next try and renews it after a failure', async () => {
    const images = ['data:image/svg+xml;base64,AAAA', 'data:image/svg+xml;base64,BBBB'];
    let loginCalls = 0;
    const fetch = serve({
      '/api/v1/account/login/host': () =>
        ++loginCalls === 1
          ? json({ success: false, code: ErrorCode.CaptchaRequired, description: '密码错误次数较多，请输入图形验证码后再登录', field: 'captchaCode', errors: [{ field: 'captchaCode', message: 'captchaCode' }] }, 400)
          : json({ success: false, code: ErrorCode.CaptchaInvalid, description: '图形验证码错误或已过期' }, 400),
      '/api/v1/verificationcode/image': () => ok({ key: `00000000-0000-4000-8000-00000000000${images.length}`, image: images.shift()! }),
    });
    renderApp('/live/login/alogin');
    await fillAndSubmit('host', 'pavilion');
    expect(await screen.findByText('密码错误次数较多，请输入图形验证码后再登录')).toBeInTheDocument();
    const image = await screen.findByAltText('图形验证码：请输入图中字符');
    expect(image).toHaveAttribute('src', 'data:image/svg+xml;base64,AAAA');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('图形验证码'), 'ab3d');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByAltText('图形验证码：请输入图中字符')).toHaveAttribute('src', 'data:image/svg+xml;base64,BBBB'));
    const bodies = (fetch.mock.calls as unknown as [string, RequestInit][])
      .filter(([input]) => input.includes('/login/host'))
      .map(([, init]) => JSON.parse(String(init.body)));
    expect(bodies).toEqual([
      { userName: 'host', password: 'pavilion' },
      { userName: 'host', password: 'pavilion', captchaKey: '00000000-0000-4000-8000-000000000002', captchaCode: 'ab3d' },
    ]);
    expect(screen.getByLabelText('图形验证码')).toHaveValue('');
  });

  it('validates before calling the server', async () => {
    const fetch = serve({});
    renderApp('/admin/login/alogin');
    await userEvent.setup().click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the host session, loads the host and lands on the host home', async () => {
    const first = exhibition(1);
    serve({
      '/api/v1/account/login/host': () => ok({ tokenInfo: { ...token, userInfo: { id: 'u1', userName: 'host', name: '张主办', role: 1, phoneNumber: null, email: null } }, userId: 'u1', id: host.id }),
      '/api/v1/host/by-hostid': () => ok(host),
      '/api/v1/exhibition/query': () => ok({ pageIndex: 1, pageSize: 1000, totalCount: 1, totalPages: 1, items: [first] }),
    });
    const { router } = renderApp('/live/login/alogin');
    await fillAndSubmit('host', 'pavilion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/index/home/home'));
    expect(await screen.findByTestId('host-welcome')).toHaveTextContent('欢迎回来，张主办');
    expect(await screen.findByTestId('exhibition-name')).toHaveTextContent(first.name);
    const session = sessionStore.get();
    expect(session).toMatchObject({ token: 'access', role: Role.Host, hostId: host.id, host, userId: 'u1', exhibitionId: first.id });
    expect(session.auth?.refresh_token).toBe('refresh');
    expect(JSON.parse(window.localStorage.getItem('hostId')!)).toBe(host.id);
  });

  it('the exhibitor login sends the exhibition of ?id and lands on the English home on the English path', async () => {
    const company = { id: 'c1', name: '示例公司', nameEn: 'Example Co.', logo: null, region: null, address: null };
    const fetch = serve({
      '/api/v1/account/login/exhibitor': () => ok({ tokenInfo: token, userId: 'u2', exhibitorId: 'x1', exhibitionId: EXHIBITION_ID, companyId: 'c1' }),
      '/api/v1/exhibition': () => ok({ ...exhibition(1), id: EXHIBITION_ID }),
      '/api/v1/company': () => ok(company),
    });
    const { router } = renderApp(`/ex-live-en/login/ex?id=${EXHIBITION_ID}`);
    await fillAndSubmit('exhibitor', 'pavilion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ex-live-en/index/home'));
    expect(await screen.findByTestId('exhibitor-welcome')).toHaveTextContent('Welcome, Example Co.');
    const [, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ userName: 'exhibitor', password: 'pavilion', exhibitionId: EXHIBITION_ID });
    expect((init.headers as Record<string, string>)['accept-language']).toBe('en');
    expect(sessionStore.get()).toMatchObject({ role: Role.Exhibitor, exhibitorId: 'x1', companyId: 'c1', companyInfo: company });
  });
  it('the phone tab checks the number before the server, sends the code and signs in with the number as stored', async () => {
    const company = { id: 'c1', name: '示例公司', nameEn: 'Example Co.', logo: null, region: null, address: null };
    const fetch = serve({
      '/api/VerCode/sms/send': () => ok({ result: true }),
      '/api/v3/account/login/exhibitor/phonenumber': () => ok({ tokenInfo: token, userId: 'u2', exhibitorId: 'x1', exhibitionId: EXHIBITION_ID, companyId: 'c1' }),
      '/api/v1/exhibition': () => ok({ ...exhibition(1), id: EXHIBITION_ID }),
      '/api/v1/company': () => ok(company),
    });
    const { router } = renderApp(`/ex-live/login/ex?id=${EXHIBITION_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(screen.getByLabelText('手机号'), '1380000');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('手机号'));
    await user.type(screen.getByLabelText('手机号'), '138 0000 0002');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    expect(screen.getByTestId('send-code')).toBeDisabled();
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ex-live/index/home'));
    const bodies = (fetch.mock.calls as unknown as [string, RequestInit][]).filter(([, init]) => init?.body).map(([input, init]) => [String(input).split('?')[0], JSON.parse(String(init.body))]);
    expect(bodies).toEqual([
      ['/api/VerCode/sms/send', { Phone: '13800000002', purpose: 'login' }],
      ['/api/v3/account/login/exhibitor/phonenumber', { phoneNumber: '13800000002', code: '123456', exhibitionId: EXHIBITION_ID }],
    ]);
  });

  it('puts the server’s field errors under their fields', async () => {
    serve({
      '/api/v1/account/login/admin': () => json({ success: false, code: ErrorCode.ValidationFailed, description: '参数错误', errors: [{ field: 'userName', message: '用户名过长' }] }, 400),
    });
    renderApp('/admin/login/alogin');
    await fillAndSubmit('admin', 'pavilion');
    expect(await screen.findByText('用户名过长')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('guard in the router', () => {
  it('sends an anonymous visitor of the host area to the host login', async () => {
    const { router } = renderApp('/live/index/home/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/login/alogin'));
  });

  it('redirects / to the host home (and on to its login when not logged in)', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/login/alogin'));
  });

  it('sends a host visiting the admin area to the admin login', async () => {
    sessionStore.set({ token: 't', role: Role.Host });
    const { router } = renderApp('/admin/adminEx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login/alogin'));
  });

  it('sends an exhibitor with a known exhibition to its login, in English on the English path, carrying the page asked for', async () => {
    sessionStore.set({ exhibitionId: EXHIBITION_ID });
    const { router } = renderApp('/ex-live-en/index/home');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(`/ex-live-en/login/ex?id=${EXHIBITION_ID}&redirect=%2Fex-live-en%2Findex%2Fhome`),
    );
  });

  it('unknown paths go to /404', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
  });
});
