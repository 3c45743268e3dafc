import { CalendarOutlined } from '@ant-design/icons';
import type { RouteTable } from './types.ts';

/** Admin area /admin (part 1 §2). */
export const adminRoutes: RouteTable = {
  name: 'admin',
  bases: ['/admin'],
  shell: 'admin',
  redirects: { '': 'adminEx' },
  screens: [
    { path: 'login/alogin', load: () => import('../areas/admin/AdminLogin.tsx'), title: 'route.adminLogin', public: true },
    { path: 'adminEx', load: () => import('../areas/admin/AdminExhibitions.tsx'), title: 'route.adminEx', menu: { icon: CalendarOutlined } },
  ],
};
