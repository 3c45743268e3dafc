import type { RouteTable } from './types.ts';

/** The host's small account area /host/index (part 1 §2), inside the host shell. */
export const hostAccountRoutes: RouteTable = {
  name: 'host-account',
  bases: ['/host'],
  shell: 'host',
  redirects: { '': 'index/host/home', index: 'index/host/home' },
  screens: [
    { path: 'index/host/home', load: () => import('../areas/account/AccountHome.tsx'), title: 'route.hostAccount', menu: { icon: 'UserOutlined', group: 'accounts' } },
    { path: 'index/log', load: () => import('../areas/account/OperationLogPage.tsx'), title: 'route.operationLog', menu: { icon: 'HistoryOutlined', group: 'accounts' } },
    { path: 'index/account/user', load: () => import('../areas/account/HostUsers.tsx'), title: 'route.hostUsers', menu: { icon: 'TeamOutlined', group: 'accounts' } },
    { path: 'index/people/user', load: () => import('../areas/account/HostUsers.tsx'), title: 'route.hostUsers', parent: 'index/account/user' },
    { path: 'index/account/bind', load: () => import('../areas/account/AccountBind.tsx'), title: 'route.accountBind', menu: { icon: 'IdcardOutlined', group: 'accounts' } },
    { path: 'index/account/bind-edit', load: () => import('../areas/account/BindEdit.tsx'), title: 'route.bindEdit', menu: { icon: 'MobileOutlined', group: 'accounts' } },
    { path: 'index/password', load: () => import('../areas/account/ChangePassword.tsx'), title: 'route.changePassword', parent: 'index/host/home' },
  ],
};

/**
 * The exhibitor's account area /ex/index. The spec gives no English path: the same screen is also
 * mounted under the exhibitor bases so that the English centre has its phone and e-mail menu
 * (/ex-live-en/index/account/bind-edit) and the language switch has a Chinese twin (docs/web.md).
 */
export const exhibitorAccountRoutes: RouteTable = {
  name: 'exhibitor-account',
  bases: ['/ex', '/ex-live', '/ex-live-en'],
  shell: 'exhibitor',
  redirects: { '': 'index/account/bind-edit', index: 'index/account/bind-edit' },
  screens: [
    { path: 'index/account/bind-edit', load: () => import('../areas/account/BindEdit.tsx'), title: 'route.bindEdit', menu: { icon: 'MobileOutlined', group: 'accounts' } },
  ],
};
