import type { RouteTable } from './types.ts';

/** Exhibitor area /ex-live with its English mirror /ex-live-en (part 1 §2). */
export const exhibitorRoutes: RouteTable = {
  name: 'exhibitor',
  bases: ['/ex-live', '/ex-live-en'],
  shell: 'exhibitor',
  redirects: { '': 'index/home', index: 'index/home' },
  screens: [
    { path: 'login/alogin', load: () => import('../areas/exhibitor/ExhibitorLogin.tsx'), title: 'route.exhibitorLogin', public: true, light: true },
    { path: 'login/ex', load: () => import('../areas/exhibitor/ExhibitorLogin.tsx'), title: 'route.exhibitorLogin', public: true, light: true },
    // The 404 page under each exhibitor base, so that an unknown English path answers in English.
    { path: '404', load: () => import('../areas/public/NotFound.tsx'), title: 'route.notFound', public: true },
    { path: 'settled', load: () => import('../areas/public/Settled.tsx'), title: 'settled.route', public: true },
    { path: 'index/home', load: () => import('../areas/exhibitor/ExhibitorHome.tsx'), title: 'route.exhibitorHome', menu: { icon: 'HomeOutlined' } },
    { path: 'index/set/my/home', load: () => import('../areas/exhibitor/CompanyProfile.tsx'), title: 'companyProfile.title', menu: { icon: 'BankOutlined', group: 'myBooth' } },
    { path: 'index/ExJoinInfo', load: () => import('../areas/exhibitor/ExJoinInfo.tsx'), title: 'exPages.route.joinInfo', menu: { icon: 'ShopOutlined', group: 'myBooth' } },
    { path: 'index/ExJournal', load: () => import('../areas/exhibitor/ExJournal.tsx'), title: 'exPages.route.journal', menu: { icon: 'BookOutlined', group: 'services' } },
    { path: 'index/ExLintel', load: () => import('../areas/exhibitor/ExLintel.tsx'), title: 'exPages.route.lintel', menu: { icon: 'FlagOutlined', group: 'services' } },
    { path: 'index/ExInvoice', load: () => import('../areas/exhibitor/ExInvoice.tsx'), title: 'exPages.route.invoice', menu: { icon: 'FileTextOutlined', group: 'services' } },
    { path: 'index/Help', load: () => import('../areas/exhibitor/Help.tsx'), title: 'exPages.route.help', menu: { icon: 'QuestionCircleOutlined' } },
    { path: 'index/ExDown', load: () => import('../areas/exhibitor/ExDown.tsx'), title: 'exSvc.route.exDown', menu: { icon: 'CloudDownloadOutlined', group: 'services' } },
    { path: 'index/my-ex', load: () => import('../areas/exhibitor/MyExhibitions.tsx'), title: 'exSvc.route.myEx', menu: { icon: 'TrophyOutlined' } },
    { path: 'index/set/lobby', load: () => import('../areas/exhibitor/LobbySettings.tsx'), title: 'exSvc.route.lobby', menu: { icon: 'PictureOutlined', group: 'myBooth' } },
    { path: 'index/policy', load: () => import('../areas/exhibitor/Policy.tsx'), title: 'exSvc.route.policy', menu: { icon: 'FileProtectOutlined', group: 'services' } },
    { path: 'index/share', load: () => import('../areas/exhibitor/Share.tsx'), title: 'exSvc.route.share', menu: { icon: 'ShareAltOutlined', group: 'myBooth' } },
    { path: 'index/place', load: () => import('../areas/exhibitor/ExPlace.tsx'), title: 'place.route.exhibitor', menu: { icon: 'EnvironmentOutlined', group: 'myBooth' } },
    { path: 'index/MyBoothView', load: () => import('../areas/exhibitor/MyBoothView.tsx'), title: 'place.route.preview', menu: { icon: 'EyeOutlined', group: 'myBooth' } },
    { path: 'index/product', load: () => import('../areas/exhibitor/ExProducts.tsx'), title: 'products.route.ex', menu: { icon: 'GiftOutlined', group: 'myBooth' }, feature: 'product' },
    { path: 'index/proAdd', load: () => import('../areas/exhibitor/ExProductEdit.tsx'), title: 'products.route.add', parent: 'index/product', feature: 'product' },
    { path: 'index/proEdit', load: () => import('../areas/exhibitor/ExProductEdit.tsx'), title: 'products.route.edit', parent: 'index/product', feature: 'product' },
    { path: 'index/evaluate', load: () => import('../areas/exhibitor/ExEvaluate.tsx'), title: 'catalog.route.evaluate', menu: { icon: 'StarOutlined', group: 'myBooth' }, feature: 'evaluate' },
    { path: 'index/set/album', load: () => import('../areas/exhibitor/ExAlbums.tsx'), title: 'catalogue.albums.route', menu: { icon: 'CameraOutlined', group: 'myBooth' }, feature: 'product' },
    { path: 'index/set/video', load: () => import('../areas/exhibitor/ExVideos.tsx'), title: 'catalogue.videos.route', menu: { icon: 'VideoCameraOutlined', group: 'myBooth' }, feature: 'product' },
    { path: 'index/set/certificate', load: () => import('../areas/exhibitor/ExCertificates.tsx'), title: 'catalogue.certificates.route', menu: { icon: 'SafetyCertificateOutlined', group: 'myBooth' }, feature: 'product' },
    { path: 'index/act-control/list', load: () => import('../areas/activity/ExActivities.tsx'), title: 'act.route.exList', menu: { icon: 'ScheduleOutlined', group: 'myBooth' }, feature: 'activity' },
    { path: 'index/act-control/add', load: () => import('../areas/activity/ExActivityEdit.tsx'), title: 'act.route.exAdd', parent: 'index/act-control/list', feature: 'activity' },
    { path: 'index/act-control/edit', load: () => import('../areas/activity/ExActivityEdit.tsx'), title: 'act.route.exEdit', parent: 'index/act-control/list', feature: 'activity' },
    { path: 'index/ExCard', load: () => import('../areas/exhibitor/ExCard.tsx'), title: 'cards.route.ex', menu: { icon: 'IdcardOutlined', group: 'services' } },
    // The spec marks `user` Chinese only.
    { path: 'index/user', load: () => import('../areas/exhibitor/CustomerService.tsx'), title: 'members.route.customerService', menu: { icon: 'CustomerServiceOutlined', group: 'services' }, feature: 'audience', firstBaseOnly: true },
    // Activities (issue 13): after the list screen act-control/list (another branch).
    { path: 'index/act-control/details', load: () => import('../areas/activity-details/ActivityDetails.tsx'), title: 'actDetail.route.details', parent: 'index/act-control/list', feature: 'activity' },
    { path: 'index/password', load: () => import('../areas/account/ChangePassword.tsx'), title: 'route.changePassword', parent: 'index/home' },
    // Live rooms (issue 14, docs/live.md).
    { path: 'index/liveRoom', load: () => import('../areas/live/ExLiveRooms.tsx'), title: 'live.route.exRooms', menu: { icon: 'PlaySquareOutlined', group: 'myBooth' }, feature: 'live' },
    { path: 'index/liveRoomInfo', load: () => import('../areas/live/RoomScreens.tsx').then((m) => ({ default: m.ExRoomInfo })), title: 'live.route.exRoomInfo', parent: 'index/liveRoom', feature: 'live' },
    { path: 'index/set/my/room', load: () => import('../areas/live/RoomScreens.tsx').then((m) => ({ default: m.ExMyRoom })), title: 'live.route.myRoom', menu: { icon: 'DesktopOutlined', group: 'myBooth' }, feature: 'live' },
    // Enquiries (issue 15, docs/matching.md).
    { path: 'index/enquiry', load: () => import('../areas/enquiry/ExEnquiries.tsx'), title: 'enquiry.route.inbox', menu: { icon: 'MessageOutlined', group: 'myBooth' }, feature: 'enquiry' },
    // Supply and demand (issue 15, docs/matching.md).
    { path: 'index/needs', load: () => import('../areas/supplydemand/ExNeeds.tsx'), title: 'sd.route.needs', menu: { icon: 'ShopOutlined', group: 'myBooth' }, feature: 'business' },
    // Appointments (issue 15 part 2): the spec's path for 预约洽谈.
    { path: 'index/enquiryNew', load: () => import('../areas/appointment/ExAppointments.tsx'), title: 'appointment.route.ex', menu: { icon: 'CalendarOutlined', group: 'myBooth' }, feature: 'appointment' },
  ],
};
