import { BankOutlined, BookOutlined, FileTextOutlined, FlagOutlined, HomeOutlined, QuestionCircleOutlined, ShopOutlined } from '@ant-design/icons';
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
    { path: 'index/ExJoinInfo', load: () => import('../areas/exhibitor/ExJoinInfo.tsx'), title: 'exPages.route.joinInfo', menu: { icon: ShopOutlined } },
    { path: 'index/ExJournal', load: () => import('../areas/exhibitor/ExJournal.tsx'), title: 'exPages.route.journal', menu: { icon: BookOutlined } },
    { path: 'index/ExLintel', load: () => import('../areas/exhibitor/ExLintel.tsx'), title: 'exPages.route.lintel', menu: { icon: FlagOutlined } },
    { path: 'index/ExInvoice', load: () => import('../areas/exhibitor/ExInvoice.tsx'), title: 'exPages.route.invoice', menu: { icon: FileTextOutlined } },
    { path: 'index/Help', load: () => import('../areas/exhibitor/Help.tsx'), title: 'exPages.route.help', menu: { icon: QuestionCircleOutlined } },
  ],
};
