import { Role } from './roles.ts';

const anyone = [Role.Exhibitor, Role.Host, Role.Admin] as const;
const host = [Role.Host] as const;
const admin = [Role.Admin] as const;
const hostOrAdmin = [Role.Host, Role.Admin] as const;
/** Role 3 holds only its own keys below: no back-office route lets a visitor through. */
const visitor = [Role.Visitor] as const;

/**
 * Every permission key (`resource.action`) and the roles that hold it. Routes declare one key;
 * the web reads the same list to hide menus and buttons. Tenancy (which records) is decided
 * separately, in the server's scope module.
 */
export const permissions = {
  'account.self': anyone,
  'account.setPassword': admin,
  'host.updatePhone': hostOrAdmin,
  'host.read': hostOrAdmin,
  'upload.create': anyone,
  /** Resumable video uploads (tus, docs/video.md): exhibitors and hosts, for product and exhibitor videos. */
  'video.upload': [Role.Exhibitor, Role.Host],
  'exhibition.read': anyone,
  'exhibition.query': hostOrAdmin,
  'company.read': anyone,
  'operationLog.read': hostOrAdmin,
  'outbox.read': admin,
  /** Action types, business types, product channels (the directory's reads are public). */
  'reference.read': anyone,
  /** Create, change and delete regions, countries, cities, action types and business types. */
  'reference.manage': admin,
  /** Product tags of an exhibition: the administrator's all, a host's own exhibitions', an exhibitor's own. */
  'productTag.read': anyone,
  /** Create, rename, reorder and delete them: the host of the exhibition or the administrator. */
  'productTag.manage': hostOrAdmin,
  'industry.read': anyone,
  'industry.manage': admin,
  /** Exhibitions (issue 3): change is the host of the exhibition or the administrator; create a host for itself. */
  'exhibition.create': hostOrAdmin,
  'exhibition.update': hostOrAdmin,
  'exhibition.delete': admin,
  /** Schedules and halls: read by anyone of the exhibition, managed by its host. */
  'exhibitionSchedule.read': anyone,
  'exhibitionSchedule.manage': hostOrAdmin,
  'exhall.read': anyone,
  'exhall.manage': hostOrAdmin,
  /** Exhibition configuration, advisory, ranking rule, form controls, generic settings rows. */
  'settings.read': anyone,
  'settings.manage': hostOrAdmin,
  /** An exhibitor's own settings: the exhibitor itself or the host of its exhibition. */
  'exhibitorSettings.read': anyone,
  'exhibitorSettings.update': anyone,
  /** The host's category tree: exhibitors of its exhibitions read it. */
  'category.read': anyone,
  'category.manage': hostOrAdmin,
  /** The audit queue: an exhibitor sees its own submissions, a host its exhibitions'. */
  'audit.read': anyone,
  'audit.decide': hostOrAdmin,
  /** Exhibitor-service submissions (the *Down groups) and the company licence. */
  'submission.read': anyone,
  'submission.submit': [Role.Exhibitor],
  'submission.verify': hostOrAdmin,
  /** Exhibitors (joins) and companies (issue 3 part B): an exhibitor reads its own, a host its exhibitions'. */
  'exhibitor.read': anyone,
  'exhibitor.query': hostOrAdmin,
  'exhibitor.manage': hostOrAdmin,
  /** Change a join: a host any field of its exhibitors'; an exhibitor its own banner and categories, submitted for audit (ExJoinInfo). */
  'exhibitor.update': anyone,
  /** The request api's company calls (platform staff). */
  'company.manage': admin,
  'companyStaff.read': anyone,
  'companyStaff.manage': anyone,
  /** Catalogue entry, lintel, invoice: the exhibitor submits its own, the host edits and audits. */
  'exhibitorJournal.read': anyone,
  'exhibitorJournal.write': anyone,
  'exhibitorJournal.audit': hostOrAdmin,
  'exhibitorLintel.read': anyone,
  'exhibitorLintel.write': anyone,
  'companyInvoice.read': anyone,
  'companyInvoice.write': anyone,
  /** The host's list of its exhibitors' invoices (admin/invoice). */
  'companyInvoice.query': hostOrAdmin,
  'exhibitorCorrection.create': [Role.Exhibitor],
  'exhibitorCorrection.read': anyone,
  'exhibitorCorrection.delete': anyone,
  'exhibitorCorrection.apply': hostOrAdmin,
  'sayHello.read': anyone,
  'helpLog.write': [Role.Exhibitor],
  'helpLog.read': anyone,
  'dataDownload.read': anyone,
  'dataDownload.manage': hostOrAdmin,
  'dataDownload.log': [Role.Exhibitor],
  'liveLine.read': anyone,
  /** The settling page's client token only (route config `clients: true`); no signed-in role. */
  'applyExhibitor.submit': [],
  'applyExhibitor.read': hostOrAdmin,
  'applyExhibitor.audit': hostOrAdmin,
  /** Platform administration (issue 5): hosts, their logins and applications. */
  'host.manage': admin,
  'hostUser.read': hostOrAdmin,
  /** A host's owner login manages the host's other logins. */
  'hostUser.manage': host,
  'hostApply.manage': admin,
  /** Administrator logins (role 2): list, create, change, delete. */
  'adminUser.manage': admin,
  /** Versions and features: the catalogue, an exhibition's effective keys, the administrator's matrix. */
  'feature.read': anyone,
  'feature.display': anyone,
  'version.read': hostOrAdmin,
  'version.manage': admin,
  'menu.manage': admin,
  'menuPower.read': anyone,
  'settings.system': admin,
  'sms.margin': admin,
  'feedback.create': [Role.Exhibitor, Role.Host],
  'feedback.read': anyone,
  'feedback.manage': admin,
  'notice.read': hostOrAdmin,
  'notice.manage': admin,
  'notice.markRead': host,
  /** An exhibitor edits its own company profile (PUT /api/v3/company). */
  'company.updateOwn': [Role.Exhibitor],
  /** Background jobs (issue 3): a host's own exhibitions' jobs, the administrator's all. */
  /** An exhibitor reads only the jobs it started for its own records (exports of its enquiries and appointments). */
  'backgroundJob.read': anyone,
  'backgroundJob.import': hostOrAdmin,
  'backgroundJob.export': hostOrAdmin,
  'backgroundJob.copy': hostOrAdmin,
  'backgroundJob.cancel': hostOrAdmin,
  /** Booth floor plans (issue 5): exhibitors of the exhibition read their own booths; the host and the administrator edit plans and layouts and assign booths. */
  'booth.read': anyone,
  'booth.layout': hostOrAdmin,
  'booth.assign': hostOrAdmin,
  /** POST /graphql: exhibitor previews and categories, with the caller's REST tenancy. */
  'graphql.query': anyone,
  /** Booth build-up data (place): the exhibitor its own, the host its exhibitions' (docs/place.md). */
  'exhibitorPlace.read': anyone,
  'exhibitorPlace.write': anyone,
  'exhibitorPlace.query': hostOrAdmin,
  'exhibitorPlace.audit': hostOrAdmin,
  /** Staff badges (参展证): the exhibitor hands in its own, the host reviews and prints (docs/cards.md). */
  'exhibitorCard.read': anyone,
  'exhibitorCard.write': anyone,
  'exhibitorCard.audit': hostOrAdmin,
  'exhibitorCard.print': hostOrAdmin,
  /** Products (docs/products.md): the exhibitor its own, the host its exhibitions' (also on an exhibitor's behalf). */
  'product.read': anyone,
  'product.write': anyone,
  /** The host approves or rejects pending products in bulk from its product list. */
  'product.audit': hostOrAdmin,
  /** The host's product categories: exhibitors of the exhibition read them. */
  'productCategory.read': anyone,
  'productCategory.manage': hostOrAdmin,
  /** The exhibitor's product groups and albums (docs/products.md "Catalogue"): its own; the host's exhibitions' on its behalf. */
  'productGroup.read': anyone,
  'productGroup.write': anyone,
  'album.read': anyone,
  'album.write': anyone,
  /** The host's certificate kinds; the exhibitor's certificates (audited); the host's product authentication. */
  'certificateQuality.read': anyone,
  'certificateQuality.manage': hostOrAdmin,
  'productCertificate.read': anyone,
  'productCertificate.write': anyone,
  'product.authenticate': hostOrAdmin,
  'exhibitorVideo.read': anyone,
  'exhibitorVideo.write': anyone,
  /** The host's exhibition videos: exhibitors of the exhibition read them. */
  'exhibitionVideo.read': anyone,
  'exhibitionVideo.manage': hostOrAdmin,
  /**
   * Activities (docs/activities.md): the host its exhibitions' (its own programme and exhibitors', on their
   * behalf too), the exhibitor its own. The host decides audits and live applications and runs check-in and
   * the live coverage; the exhibitor reads its own activities' registrations.
   */
  'activity.read': anyone,
  'activity.write': anyone,
  'activity.audit': hostOrAdmin,
  'activityCategory.read': anyone,
  'activityCategory.manage': hostOrAdmin,
  'activityReg.read': anyone,
  'activityReg.manage': hostOrAdmin,
  'activityLive.write': hostOrAdmin,
  /**
   * Live rooms (docs/live.md): the host its exhibitions' rooms (its own, activities', exhibitors' on their behalf),
   * the exhibitor its own. Both moderate their rooms' chat and push products; the host audits, keeps the gift
   * catalogue and allocates lines; the administrator grants an exhibition its lines.
   */
  'liveRoom.read': anyone,
  'liveRoom.write': anyone,
  'liveRoom.audit': hostOrAdmin,
  'liveGift.manage': hostOrAdmin,
  'liveLine.grant': admin,
  'liveLine.allocate': hostOrAdmin,
  /**
   * Supply and demand (docs/matching.md): the exhibitor its own posts and the comments on them (it answers), the host
   * its exhibitions' (posts for the exhibition, audits, hides, deletes, moderates comments, exports). A visitor posts
   * and comments on the site.
   */
  'supplyDemand.read': anyone,
  'supplyDemand.write': anyone,
  'supplyDemand.manage': hostOrAdmin,
  'supplyDemand.answer': [Role.Exhibitor],
  'visitor.supplyDemand': visitor,
  /** A visitor chats in a room and sends gifts. */
  'visitor.live': visitor,
  /** Visitors' product evaluations: the exhibitor reads and answers its own products', the host hides and deletes. */
  'productEvaluation.read': anyone,
  'productEvaluation.reply': [Role.Exhibitor],
  'productEvaluation.moderate': hostOrAdmin,
  /**
   * Exhibitor reviews (issue 15, feature `evaluate`): the exhibitor reads and replies to its own, the host hides and
   * deletes its exhibitions' and keeps the evaluation tag list; anyone signed in reads the tags; a visitor writes one.
   */
  'exhibitorEvaluation.read': anyone,
  'exhibitorEvaluation.reply': [Role.Exhibitor],
  'exhibitorEvaluation.moderate': hostOrAdmin,
  'evaluateTag.read': [...anyone, Role.Visitor],
  'evaluateTag.manage': hostOrAdmin,
  'visitor.review': visitor,
  /** A user's answers to a form (docs/forms.md): the host its exhibitions' visitors', a user its own. */
  'formWrite.read': [...anyone, Role.Visitor],
  /** A visitor's own registration and ticket on the public site (docs/visitors.md). */
  'visitor.self': visitor,
  /** Likes and follows of exhibitors, by a signed-in visitor (shares may be anonymous). */
  'visitor.engage': visitor,
  /** The exhibition's ticket barcode rules (GET|PUT /api/v3/barcoderules). */
  'barcodeRules.read': hostOrAdmin,
  'barcodeRules.manage': hostOrAdmin,
  /** Visitor groups and their invitation, share and poster settings (docs/visitor-groups.md): the exhibition's host. */
  'visitorGroup.read': hostOrAdmin,
  'visitorGroup.manage': hostOrAdmin,
  /** Registered visitors (docs/members.md): the host of the exhibition lists, audits, blacklists, edits and exports them. */
  'member.read': hostOrAdmin,
  'member.manage': hostOrAdmin,
  /**
   * Appointments (预约洽谈, docs/matching.md): the exhibitor its own requests and slots, the host its exhibitions' (on the
   * exhibitor's behalf too); a signed-in visitor books, answers proposals and cancels its own.
   */
  'appointment.read': anyone,
  'appointment.write': anyone,
  /** The .xlsx of meetings as a background job: the exhibitor its own, the host its exhibitions'. */
  'appointment.export': anyone,
  'visitor.appointment': visitor,
  /** An exhibitor's customer-service members: the exhibitor its own, the host its exhibitions' exhibitors'. */
  'customerService.read': anyone,
  'customerService.manage': anyone,
  /**
   * Enquiries (docs/matching.md): a visitor sends them; the exhibitor reads, answers, closes and exports its own
   * approved ones; the host reads and exports every enquiry of its exhibitions and deletes them.
   */
  'visitor.enquire': visitor,
  'enquiry.read': anyone,
  'enquiry.reply': [Role.Exhibitor],
  'enquiry.delete': hostOrAdmin,
  'enquiry.export': anyone,
  /**
   * Consultations (docs/consult.md): a visitor asks the host on the site and reads its own; the host reads, answers,
   * shows or hides and deletes its exhibitions' (the audit decisions are the shared audit centre's).
   */
  'visitor.consult': visitor,
  'consult.read': hostOrAdmin,
  'consult.manage': hostOrAdmin,
  /**
   * Topics and the brand topic (docs/topics.md): the host keeps its exhibitions' topics, places exhibitors and decides
   * applications; the exhibitor reads the open ones and applies.
   */
  'topic.read': anyone,
  'topic.manage': hostOrAdmin,
  'topic.apply': [Role.Exhibitor],
  /** Focus applications (applyfocus): the exhibitor applies and withdraws, the host decides, orders and revokes. */
  'focus.read': anyone,
  'focus.apply': [Role.Exhibitor],
  'focus.delete': anyone,
  'focus.manage': hostOrAdmin,
} as const satisfies Record<string, readonly Role[]>;

export type PermissionKey = keyof typeof permissions;

export const roleHas = (role: Role, key: PermissionKey): boolean =>
  (permissions[key] as readonly Role[]).includes(role);

export { host as hostRoles, admin as adminRoles };
