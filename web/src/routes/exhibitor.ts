import { BankOutlined, HomeOutlined } from '@ant-design/icons';
import type { RouteTable } from './types.ts';

/** Exhibitor area /ex-live with its English mirror /ex-live-en (part 1 §2). */
export const exhibitorRoutes: RouteTable = {
  name: 'exhibitor',
  bases: ['/ex-live', '/ex-live-en'],
  shell: 'exhibitor',
  redirects: { '': 'index/home', index: 'index/home' },
  screens: [
    { path: 'login/alogin', load: () => import('../areas/exhibitor/ExhibitorLogin.tsx'), title: 'route.exhibitorLogin', public: true },
    { path: 'login/ex', load: () => import('../areas/exhibitor/ExhibitorLogin.tsx'), title: 'route.exhibitorLogin', public: true },
    { path: 'index/home', load: () => import('../areas/exhibitor/ExhibitorHome.tsx'), title: 'route.exhibitorHome', menu: { icon: HomeOutlined } },
    { path: 'index/set/my/home', load: () => import('../areas/exhibitor/CompanyProfile.tsx'), title: 'companyProfile.title', menu: { icon: BankOutlined } },
  ],
};
