import { evaluationEn } from './evaluation.en.ts';
import { appointmentEn } from './appointment.en.ts';
import { activityDetailsEn } from './activityDetails.en.ts';
import { liveEn } from './live.en.ts';
import { enquiryEn } from './enquiry.en.ts';
import { consultEn } from './consult.en.ts';
import { supplyDemandEn } from './supplydemand.en.ts';
import { rankingEn } from './ranking.en.ts';
import { zonesEn } from './zones.en.ts';
import { coreEn } from './core.en.ts';
import { visitorGroupsEn } from './visitorGroups.en.ts';
import { membersEn } from './members.en.ts';
import { formsEn } from './forms.en.ts';
import { catalogEn } from './catalog.en.ts';
import { productHostEn } from './productHost.en.ts';
import { catalogueEn } from './catalogue.en.ts';
import { productsEn } from './products.en.ts';
import { placeEn } from './place.en.ts';
import { auditEn } from './audit.en.ts';
import { cardsEn } from './cards.en.ts';
import type { Messages } from './zh-CN.ts';
import { adminEn } from './admin.en.ts';
import { exhibitorPagesEn } from './exhibitorPages.en.ts';
import { hostExhibitionEn } from './hostExhibition.en.ts';
import { hostExhibitorEn } from './hostExhibitor.en.ts';
import { hostServicesEn } from './hostServices.en.ts';
import { exhibitorServicesEn } from './exhibitorServices.en.ts';
import { settledEn } from './settled.en.ts';
import { boothsEn } from './booths.en.ts';
import { adminUsersEn } from './adminUsers.en.ts';
import { videoEn } from './video.en.ts';
import { activitiesEn } from './activities.en.ts';

const { commonExtra, routeExtra, exhibitionExtra, ...adminBlocks } = adminEn;

/** English messages: exactly the keys of zh-CN (the type rejects a missing or an extra key). */
export const en: Messages = {
  ...coreEn,
  common: {
    ...coreEn.common,
    ...commonExtra,
    search: 'Search',
    reset: 'Reset',
    save: 'Save',
    cancel: 'Cancel',
    next: 'Next',
    back: 'Go back',
    backHome: 'Back to home',
    logout: 'Log out',
    empty: '—',
    saved: 'Saved',
    language: 'Language',
    total: '{{total}} in total',
    range: '{{from}} – {{to}}',
  },
  role: { exhibitor: 'Exhibitor', host: 'Organiser', admin: 'Administrator' },
  route: {
    ...coreEn.route,
    ...routeExtra,
    hostHome: 'Home',
    adminEx: 'Exhibitions',
    exhibitorHome: 'Home',
    hostAccount: 'My account',
    changePassword: 'Set a new password',
    operationLog: 'Operation log',
    bindEdit: 'Phone and e-mail',
    authBind: 'Sign in with a code',
    notFound: 'Page not found',
    serverError: 'Server error',
  },
  authBind: {
    title: 'Sign in with a code',
    subtitle: 'Receive a code on the phone number or e-mail bound to your account',
    tabPhone: 'Phone',
    tabEmail: 'E-mail',
    email: 'E-mail',
    submit: 'Verify and sign in',
    phoneNotRegistered: 'Phone number not registered',
    emailNotRegistered: 'Email not registered',
    failed: 'Binding failed, please retry',
  },
  layout: {
    currentExhibition: 'Current exhibition: {{name}}',
    switchLanguage: 'Switch language',
    openMenu: 'Open the menu',
    menu: 'Menu',
    breadcrumb: 'You are here',
    account: 'Account',
    menuGroup: { exhibition: 'Exhibition', exhibitors: 'Exhibitors', jobs: 'Import and export', services: 'Exhibitor services', booths: 'Booths', myBooth: 'My booth', platform: 'Platform', accounts: 'Accounts and settings' },
  },
  hostHome: {
    welcome: 'Welcome back, {{name}}',
    intro: 'Manage your exhibitions, exhibitors and services here.',
    host: 'Organiser:',
    currentExhibition: 'Current exhibition',
    switchExhibition: 'Switch exhibition',
    switched: 'Switched to “{{name}}”',
    noExhibition: 'No exhibition yet',
    createFirst: 'Create your first exhibition',
    quickLinks: 'Shortcuts',
  },
  exhibition: {
    ...exhibitionExtra,
    id: 'Exhibition ID',
    name: 'Exhibition',
    nameEn: 'English name',
    startAt: 'Starts',
    endAt: 'Ends',
    showIndex: 'Order',
    createAt: 'Created',
    period: 'Dates',
    status: 'Status',
    state: { upcoming: 'Upcoming', ongoing: 'Ongoing', ended: 'Ended', unscheduled: 'No dates set' },
  },
  company: {
    name: 'Company',
    nameEn: 'English name',
    region: 'Region',
    address: 'Address',
  },
  exhibitorHome: {
    welcome: 'Welcome, {{name}}',
    company: 'Company',
    exhibition: 'Exhibition',
    noExhibition: 'This sign-in is not linked to an exhibition. Please log in through your exhibition’s exhibitor link.',
    goLogin: 'Go to login',
  },
  account: {
    info: 'Account',
    userName: 'User name',
    name: 'Name',
    phoneNumber: 'Phone number',
    email: 'E-mail',
    role: 'Role',
    host: 'Organiser',
    notBound: 'Not bound',
    manageContacts: 'Manage phone and e-mail',
    changePassword: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    passwordChanged: 'Password changed; sign-ins on other devices have ended',
    mustChangeIntro: 'Your password was issued by the platform or the organiser. To keep your account safe, set a password of your own before you continue.',
    changeUserName: 'Change user name',
    newUserName: 'New user name',
    userNameChanged: 'User name changed',
  },
  operationLog: {
    createAt: 'Time',
    userName: 'User',
    role: 'Role',
    action: 'Action',
    targetType: 'Target type',
    targetId: 'Target ID',
    ip: 'IP address',
    before: 'Before',
    after: 'After',
  },
  contact: {
    verifyOld: 'Verify identity',
    enterNew: 'Enter the new contact',
    done: 'Done',
    codeTo: 'The code will be sent to {{value}}',
    phone: {
      title: 'Phone number',
      current: 'Current phone number',
      label: 'New phone number',
      bind: 'Bind phone number',
      change: 'Change phone number',
      bound: 'Phone number bound',
      changed: 'Phone number changed',
    },
    email: {
      title: 'E-mail',
      current: 'Current e-mail',
      label: 'New e-mail',
      bind: 'Bind e-mail',
      change: 'Change e-mail',
      bound: 'E-mail bound',
      changed: 'E-mail changed',
    },
  },
  region: {
    placeholder: 'Choose or search province / city / district',
    areaCode: 'Area code {{code}}',
    noMatch: 'No matching place',
  },
  phone: {
    country: 'Country or region',
    countrySearch: 'Search a country, region or code',
    number: 'Phone number',
    mainland: 'Chinese Mainland',
    required: 'Enter a phone number',
    invalid: 'Enter a valid phone number for the selected country',
  },
  companyProfile: {
    title: 'Company profile',
    subtitle: 'What visitors and the organiser see about your company',
    name: 'Company name',
    nameEn: 'English name',
    logo: 'Logo',
    logoHint: 'JPG, PNG, GIF, WebP or BMP, up to 4 MB',
    upload: 'Upload logo',
    replace: 'Replace',
    remove: 'Remove',
    region: 'Region',
    address: 'Address',
    phone: 'Mobile phone',
    nameRequired: 'Enter the company name',
    tooLong: 'At most {{max}} characters',
    imageType: 'Upload a JPG, PNG, GIF, WebP or BMP image',
    imageTooLarge: 'The image must be under 4 MB',
    saved: 'Company profile saved',
    unchanged: 'Nothing to save',
  },
  ...adminBlocks,
  ...hostExhibitorEn,
  ...hostServicesEn,
  ...hostExhibitionEn,
  ...exhibitorPagesEn,
  ...boothsEn,
  ...settledEn,
  ...adminUsersEn,
  ...exhibitorServicesEn,
  ...placeEn,
  ...cardsEn,
  ...productsEn,
  ...catalogEn,
  ...productHostEn,
  ...catalogueEn,
  ...auditEn,
  ...videoEn,
  ...formsEn,
  ...visitorGroupsEn,
  ...activitiesEn,
  ...membersEn,
  ...activityDetailsEn,
  ...liveEn,
  ...enquiryEn,
  ...consultEn,
  ...evaluationEn,
  ...supplyDemandEn,
  ...rankingEn,
  ...zonesEn,
  ...appointmentEn,
};
