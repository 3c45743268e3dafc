import { AppstoreOutlined, AuditOutlined, BgColorsOutlined, CalendarOutlined, CloudDownloadOutlined, CloudUploadOutlined, CopyOutlined, DashboardOutlined, HistoryOutlined, HomeOutlined, ImportOutlined, LinkOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { VideoCameraOutlined as ExhibitionVideoIcon } from '@ant-design/icons';
import { FileOutlined as DownFileIcon, FolderOpenOutlined as DownCenterIcon, SettingOutlined as ExSetIcon } from '@ant-design/icons';
import { ShopOutlined as BoothIcon } from '@ant-design/icons';
import { BlockOutlined as PlaceInfoIcon, FileSearchOutlined as PlaceAuditIcon } from '@ant-design/icons';
import { IdcardOutlined as CardIcon } from '@ant-design/icons';
import { AccountBookOutlined, BookOutlined, CrownOutlined, DiffOutlined } from '@ant-design/icons';
import { ApartmentOutlined as ProductCategoryIcon, GiftOutlined as ProductIcon } from '@ant-design/icons';
import { BranchesOutlined as CatalogCopyIcon } from '@ant-design/icons';
import { ControlOutlined as ProDisplayIcon, FormOutlined as BasicProductIcon, LayoutOutlined as JournalDisplayIcon } from '@ant-design/icons';
import { SolutionOutlined as FormDesignerIcon } from '@ant-design/icons';
import { QuestionCircleOutlined as SurveyIcon, UsergroupAddOutlined as VisitorGroupIcon } from '@ant-design/icons';
import { ContactsOutlined as AudienceIcon, FileExcelOutlined as AudienceTaskIcon } from '@ant-design/icons';
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
    { path: 'index/basic/function', load: () => import('../areas/host/BasicFunction.tsx'), title: 'route.basicFunction', menu: { icon: AppstoreOutlined, group: 'accounts' } },
    // Professional-only (docs/web.md "Gating"): customPage is in professional and flagship, not in basic.
    { path: 'index/basic/auth', load: () => import('../areas/host/BasicAuth.tsx'), title: 'route.basicAuth', menu: { icon: SafetyCertificateOutlined, group: 'accounts' }, feature: 'customPage' },
    { path: 'index/admin/exhibitor', load: () => import('../areas/host/Exhibitors.tsx'), title: 'hostEx.route.exhibitors', menu: { icon: TeamOutlined, group: 'exhibitors' } },
    { path: 'index/admin/exhibitor-add', load: () => import('../areas/host/ExhibitorAdd.tsx'), title: 'hostEx.route.exhibitorAdd', parent: 'index/admin/exhibitor' },
    { path: 'index/admin/exhibitor-edit', load: () => import('../areas/host/ExhibitorEdit.tsx'), title: 'hostEx.route.exhibitorEdit', parent: 'index/admin/exhibitor' },
    { path: 'index/admin/product', load: () => import('../areas/host/ProductAdmin.tsx'), title: 'products.route.host', menu: { icon: ProductIcon, group: 'exhibitors' }, feature: 'product' },
    { path: 'index/admin/product-edit', load: () => import('../areas/host/HostProductEdit.tsx'), title: 'proHost.route.productEdit', parent: 'index/admin/product', feature: 'product' },
    { path: 'index/admin/exhibitor-pro', load: () => import('../areas/host/ExhibitorProducts.tsx'), title: 'proHost.route.exhibitorPro', parent: 'index/admin/exhibitor', feature: 'product' },
    { path: 'index/admin/proAdd', load: () => import('../areas/host/HostProductEdit.tsx'), title: 'proHost.route.add', parent: 'index/admin/exhibitor', feature: 'product' },
    { path: 'index/admin/proEdit', load: () => import('../areas/host/HostProductEdit.tsx'), title: 'proHost.route.edit', parent: 'index/admin/exhibitor', feature: 'product' },
    { path: 'index/audit/home', load: () => import('../areas/host/AuditHome.tsx'), title: 'hostEx.route.audit', menu: { icon: AuditOutlined, group: 'exhibitors' } },
    { path: 'index/admin/exhibitor-task', load: () => import('../areas/host/ExhibitorImport.tsx'), title: 'hostEx.route.importJobs', menu: { icon: CloudUploadOutlined, group: 'jobs' } },
    { path: 'index/admin/exhibitor-task2', load: () => import('../areas/host/ExhibitorExport.tsx'), title: 'hostEx.route.exportJobs', menu: { icon: CloudDownloadOutlined, group: 'jobs' } },
    { path: 'index/admin/exhibitor-task3', load: () => import('../areas/host/ExhibitorCopyJobs.tsx'), title: 'hostEx.route.copyJobs', menu: { icon: HistoryOutlined, group: 'jobs' } },
    { path: 'index/admin/pro-task', load: () => import('../areas/host/ProductImport.tsx'), title: 'products.import.route', menu: { icon: CloudUploadOutlined, group: 'jobs' }, feature: 'product' },
    { path: 'index/admin/exhibitor-copy', load: () => import('../areas/host/ExhibitorCopy.tsx'), title: 'hostEx.route.copy', menu: { icon: CopyOutlined, group: 'exhibitors' } },
    { path: 'index/ex/home', load: () => import('../areas/host/ExOverview.tsx'), title: 'hostExh.route.overview', menu: { icon: DashboardOutlined, group: 'exhibition' } },
    { path: 'index/manage/ex', load: () => import('../areas/host/ManageEx.tsx'), title: 'hostExh.route.manage', menu: { icon: CalendarOutlined, group: 'exhibition' } },
    { path: 'index/manage/pro', load: () => import('../areas/host/ProductCategories.tsx'), title: 'catalog.route.manage', menu: { icon: ProductCategoryIcon, group: 'exhibition' }, feature: 'product' },
    { path: 'index/manage/pro-display', load: () => import('../areas/host/ProDisplay.tsx'), title: 'proHost.route.display', menu: { icon: ProDisplayIcon, group: 'exhibition' }, feature: 'product' },
    { path: 'index/basic/product', load: () => import('../areas/host/BasicProduct.tsx'), title: 'proHost.route.basic', menu: { icon: BasicProductIcon, group: 'exhibition' }, feature: 'product' },
    { path: 'index/admin/audience', load: () => import('../areas/host/Audience.tsx'), title: 'members.route.audience', menu: { icon: AudienceIcon, group: 'exhibition' }, feature: 'audience' },
    { path: 'index/admin/audience-task', load: () => import('../areas/host/AudienceTask.tsx'), title: 'members.route.task', menu: { icon: AudienceTaskIcon, group: 'jobs' }, feature: 'audience' },
    { path: 'index/basic/form', load: () => import('../areas/host/BasicForm.tsx'), title: 'forms.route.designer', menu: { icon: FormDesignerIcon, group: 'exhibition' }, feature: 'audience' },
    { path: 'index/basic/question', load: () => import('../areas/host/BasicQuestion.tsx'), title: 'vgroups.route.question', menu: { icon: SurveyIcon, group: 'exhibition' }, feature: 'audience' },
    { path: 'index/group/home', load: () => import('../areas/host/GroupHome.tsx'), title: 'vgroups.route.home', menu: { icon: VisitorGroupIcon, group: 'exhibition' }, feature: 'audience' },
    { path: 'index/group/details', load: () => import('../areas/host/GroupDetails.tsx'), title: 'vgroups.route.details', parent: 'index/group/home', feature: 'audience' },
    { path: 'index/journal-display', load: () => import('../areas/host/JournalDisplay.tsx'), title: 'proHost.route.journal', menu: { icon: JournalDisplayIcon, group: 'exhibition' }, feature: 'product' },
    { path: 'index/manage/video', load: () => import('../areas/host/ExhibitionVideos.tsx'), title: 'catalogue.videos.hostRoute', menu: { icon: ExhibitionVideoIcon, group: 'exhibition' }, feature: 'product' },
    { path: 'index/manage/ex-display', load: () => import('../areas/host/ManageExDisplay.tsx'), title: 'hostExh.route.display', menu: { icon: BgColorsOutlined, group: 'exhibition' } },
    { path: 'index/admin/exhibitor-link', load: () => import('../areas/host/ExhibitorLinks.tsx'), title: 'hostExh.route.links', menu: { icon: LinkOutlined, group: 'exhibitors' } },
    { path: 'index/basic/import', load: () => import('../areas/host/ImportCentre.tsx'), title: 'hostExh.route.importCentre', menu: { icon: ImportOutlined, group: 'jobs' } },
    { path: 'index/basic/liveCopyProTyPe', load: () => import('../areas/host/ProductCatalogCopy.tsx'), title: 'catalog.route.copy', menu: { icon: CatalogCopyIcon, group: 'jobs' }, feature: 'product' },
    { path: 'index/down', load: () => import('../areas/host/DataDownloads.tsx'), title: 'exSvc.route.down', menu: { icon: DownFileIcon, group: 'services' } },
    { path: 'index/downCenter', load: () => import('../areas/host/DownloadCenter.tsx'), title: 'exSvc.route.downCenter', menu: { icon: DownCenterIcon, group: 'services' } },
    { path: 'index/ex-set', load: () => import('../areas/host/ExSettings.tsx'), title: 'exSvc.route.exSet', menu: { icon: ExSetIcon, group: 'exhibition' } },
    { path: 'index/admin/booth', load: () => import('../areas/host/Booths.tsx'), title: 'booth.route.hostBooths', menu: { icon: BoothIcon, group: 'booths' } },
    { path: 'index/place/info', load: () => import('../areas/host/PlaceInfo.tsx'), title: 'place.route.info', menu: { icon: PlaceInfoIcon, group: 'booths' } },
    { path: 'index/place/audit', load: () => import('../areas/host/PlaceAudit.tsx'), title: 'place.route.audit', menu: { icon: PlaceAuditIcon, group: 'booths' } },
    { path: 'index/admin/card', load: () => import('../areas/host/Cards.tsx'), title: 'cards.route.list', menu: { icon: CardIcon, group: 'services' } },
    { path: 'index/admin/card/edit', load: () => import('../areas/host/CardEdit.tsx'), title: 'cards.route.edit', parent: 'index/admin/card' },
    { path: 'index/admin/card/task', load: () => import('../areas/host/CardTask.tsx'), title: 'cards.route.task', parent: 'index/admin/card' },
    { path: 'index/admin/card/task-not', load: () => import('../areas/host/CardTaskNot.tsx'), title: 'cards.route.taskNot', parent: 'index/admin/card' },
    { path: 'index/admin/periodical', load: () => import('../areas/host/Periodical.tsx'), title: 'hostSvc.route.periodical', menu: { icon: BookOutlined, group: 'services' } },
    { path: 'index/admin/periodical/edit', load: () => import('../areas/host/PeriodicalEdit.tsx'), title: 'hostSvc.route.periodicalEdit', parent: 'index/admin/periodical' },
    { path: 'index/admin/periodical/task', load: () => import('../areas/host/PeriodicalTask.tsx'), title: 'hostSvc.route.periodicalTask', parent: 'index/admin/periodical' },
    { path: 'index/admin/periodical/task-not', load: () => import('../areas/host/PeriodicalTask.tsx').then((m) => ({ default: m.PeriodicalTaskNot })), title: 'hostSvc.route.periodicalTaskNot', parent: 'index/admin/periodical' },
    { path: 'index/admin/brand', load: () => import('../areas/host/Brand.tsx'), title: 'hostSvc.route.brand', menu: { icon: CrownOutlined, group: 'services' } },
    { path: 'index/admin/brand/edit', load: () => import('../areas/host/BrandEdit.tsx'), title: 'hostSvc.route.brandEdit', parent: 'index/admin/brand' },
    { path: 'index/admin/brand/task', load: () => import('../areas/host/BrandTask.tsx'), title: 'hostSvc.route.brandTask', parent: 'index/admin/brand' },
    { path: 'index/admin/brand/task-not', load: () => import('../areas/host/BrandTask.tsx').then((m) => ({ default: m.BrandTaskNot })), title: 'hostSvc.route.brandTaskNot', parent: 'index/admin/brand' },
    { path: 'index/admin/invoice', load: () => import('../areas/host/Invoice.tsx'), title: 'hostSvc.route.invoice', menu: { icon: AccountBookOutlined, group: 'services' } },
    { path: 'index/admin/invoice/edit', load: () => import('../areas/host/InvoiceEdit.tsx'), title: 'hostSvc.route.invoiceEdit', parent: 'index/admin/invoice' },
    { path: 'index/admin/invoice/task', load: () => import('../areas/host/InvoiceTask.tsx'), title: 'hostSvc.route.invoiceTask', parent: 'index/admin/invoice' },
    { path: 'index/admin/correction', load: () => import('../areas/host/Correction.tsx'), title: 'hostSvc.route.correction', menu: { icon: DiffOutlined, group: 'services' } },
  ],
};
