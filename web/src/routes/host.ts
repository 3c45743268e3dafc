import { AppstoreOutlined, HomeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { RouteTable } from './types.ts';

/** Host area /live (part 1 §2). Later issues add their screens here, one line each. */
export const hostRoutes: RouteTable = {
  name: 'host',
  bases: ['/live'],
  shell: 'host',
  redirects: { '': 'index/home/home', index: 'index/home/home', 'index/home': 'index/home/home' },
  screens: [
    { path: 'login/alogin', load: () => import('../areas/host/HostLogin.tsx'), title: 'route.hostLogin', public: true },
    { path: 'ex-clound-login/alogin', load: () => import('../areas/host/HostLogin.tsx'), title: 'route.hostLogin', public: true },
    { path: 'index/home/home', load: () => import('../areas/host/HostHome.tsx'), title: 'route.hostHome', menu: { icon: HomeOutlined } },
    { path: 'index/basic/function', load: () => import('../areas/host/BasicFunction.tsx'), title: 'route.basicFunction', menu: { icon: AppstoreOutlined } },
    // Professional-only (docs/web.md "Gating"): customPage is in professional and flagship, not in basic.
    { path: 'index/basic/auth', load: () => import('../areas/host/BasicAuth.tsx'), title: 'route.basicAuth', menu: { icon: SafetyCertificateOutlined }, feature: 'customPage' },
  ],
};
