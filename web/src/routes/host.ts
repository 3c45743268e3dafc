import { AppstoreOutlined, AuditOutlined, CloudDownloadOutlined, CloudUploadOutlined, CopyOutlined, HistoryOutlined, HomeOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
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
    { path: 'index/admin/exhibitor', load: () => import('../areas/host/Exhibitors.tsx'), title: 'hostEx.route.exhibitors', menu: { icon: TeamOutlined } },
    { path: 'index/admin/exhibitor-add', load: () => import('../areas/host/ExhibitorAdd.tsx'), title: 'hostEx.route.exhibitorAdd' },
    { path: 'index/admin/exhibitor-edit', load: () => import('../areas/host/ExhibitorEdit.tsx'), title: 'hostEx.route.exhibitorEdit' },
    { path: 'index/audit/home', load: () => import('../areas/host/AuditHome.tsx'), title: 'hostEx.route.audit', menu: { icon: AuditOutlined } },
    { path: 'index/admin/exhibitor-task', load: () => import('../areas/host/ExhibitorImport.tsx'), title: 'hostEx.route.importJobs', menu: { icon: CloudUploadOutlined } },
    { path: 'index/admin/exhibitor-task2', load: () => import('../areas/host/ExhibitorExport.tsx'), title: 'hostEx.route.exportJobs', menu: { icon: CloudDownloadOutlined } },
    { path: 'index/admin/exhibitor-task3', load: () => import('../areas/host/ExhibitorCopyJobs.tsx'), title: 'hostEx.route.copyJobs', menu: { icon: HistoryOutlined } },
    { path: 'index/admin/exhibitor-copy', load: () => import('../areas/host/ExhibitorCopy.tsx'), title: 'hostEx.route.copy', menu: { icon: CopyOutlined } },
  ],
};
