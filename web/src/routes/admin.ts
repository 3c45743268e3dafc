import type { RouteTable } from './types.ts';

/**
 * Admin area /admin (part 1 §2). Edit and permission screens take `?id=`. adminMiceCad is the booth floor-plan
 * editor (docs/booths.md); adminIndustry is ours, for the industry list.
 */
export const adminRoutes: RouteTable = {
  name: 'admin',
  bases: ['/admin'],
  shell: 'admin',
  redirects: { '': 'adminEx' },
  screens: [
    { path: 'login/alogin', load: () => import('../areas/admin/AdminLogin.tsx'), title: 'route.adminLogin', public: true, light: true },
    { path: 'adminEx', load: () => import('../areas/admin/AdminExhibitions.tsx'), title: 'route.adminEx', menu: { icon: 'CalendarOutlined' } },
    { path: 'password', load: () => import('../areas/account/ChangePassword.tsx'), title: 'route.changePassword', parent: 'adminEx' },
    { path: 'adminEx-edit', load: () => import('../areas/admin/ExhibitionEdit.tsx'), title: 'route.adminExEdit', parent: 'adminEx' },
    { path: 'adminEx-permission', load: () => import('../areas/admin/ExhibitionPermission.tsx'), title: 'route.adminExPermission', parent: 'adminEx' },
    { path: 'admin-ex-control', load: () => import('../areas/admin/AdminVersions.tsx'), title: 'route.adminExControl', menu: { icon: 'AppstoreOutlined' } },
    { path: 'admin-exhibitionEx-control', load: () => import('../areas/admin/AdminFeatures.tsx'), title: 'route.adminFeatures', menu: { icon: 'TagsOutlined' } },
    { path: 'adminHost', load: () => import('../areas/admin/AdminHosts.tsx'), title: 'route.adminHost', menu: { icon: 'TeamOutlined' } },
    { path: 'adminHostAdd', load: () => import('../areas/admin/AdminHostAdd.tsx'), title: 'route.adminHostAdd', parent: 'adminHost' },
    { path: 'adminHostEdit', load: () => import('../areas/admin/AdminHostEdit.tsx'), title: 'route.adminHostEdit', parent: 'adminHost' },
    { path: 'hostApplay', load: () => import('../areas/admin/HostApplay.tsx'), title: 'route.hostApplay', menu: { icon: 'UserAddOutlined' } },
    { path: 'ex-list', load: () => import('../areas/admin/ExList.tsx'), title: 'route.exList', menu: { icon: 'ShopOutlined' } },
    { path: 'ex-add', load: () => import('../areas/admin/ExhibitionEdit.tsx'), title: 'route.exAdd', parent: 'ex-list' },
    { path: 'ex-edit', load: () => import('../areas/admin/ExhibitionEdit.tsx'), title: 'route.exEdit', parent: 'ex-list' },
    { path: 'ex-permission', load: () => import('../areas/admin/ExhibitionPermission.tsx'), title: 'route.adminExPermission', parent: 'ex-list' },
    { path: 'adminSuggest', load: () => import('../areas/admin/AdminSuggest.tsx'), title: 'route.adminSuggest', menu: { icon: 'MessageOutlined' } },
    { path: 'adminNotice', load: () => import('../areas/admin/AdminNotice.tsx'), title: 'route.adminNotice', menu: { icon: 'BellOutlined' } },
    { path: 'adminVipMenu', load: () => import('../areas/admin/AdminVipMenu.tsx'), title: 'route.adminVipMenu', menu: { icon: 'MenuOutlined' } },
    { path: 'adminMiceCad', load: () => import('../areas/admin/AdminMiceCad.tsx'), title: 'booth.route.miceCad', menu: { icon: 'BorderOuterOutlined' } },
    { path: 'adminIndustry', load: () => import('../areas/admin/AdminIndustry.tsx'), title: 'route.adminIndustry', menu: { icon: 'ApartmentOutlined' } },
    { path: 'adminSet', load: () => import('../areas/admin/AdminSettings.tsx'), title: 'route.adminSet', menu: { icon: 'SettingOutlined' } },
    { path: 'adminUser', load: () => import('../areas/admin/AdminUsers.tsx'), title: 'adminUsers.route', menu: { icon: 'SafetyCertificateOutlined' } },
    { path: 'adminServe', load: () => import('../areas/admin/AdminServe.tsx'), title: 'route.adminServe', menu: { icon: 'CustomerServiceOutlined' } },
    { path: 'adminSms', load: () => import('../areas/admin/AdminSms.tsx'), title: 'route.adminSms', menu: { icon: 'AuditOutlined' } },
  ],
};
