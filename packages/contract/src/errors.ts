/**
 * Stable error codes. The numeric value is part of the public contract: clients branch on it
 * (the spec's login screens check 4002). Never renumber; add new codes at the end of a block.
 */
export const ErrorCode = {
  ValidationFailed: 4000,
  Unauthenticated: 4001,
  WrongLoginIdentity: 4002,
  Forbidden: 4003,
  NotFound: 4004,
  AccountDisabled: 4005,
  WrongPassword: 4006,
  CodeInvalid: 4007,
  CaptchaInvalid: 4008,
  Conflict: 4009,
  UserNameTaken: 4010,
  PhoneTaken: 4011,
  EmailTaken: 4012,
  PhoneNotRegistered: 4013,
  EmailNotRegistered: 4014,
  NoPhoneBound: 4015,
  NoEmailBound: 4016,
  TicketInvalid: 4017,
  NotExhibitorOfExhibition: 4018,
  FeatureNotEnabled: 4019,
  HasChildren: 4020,
  AuditNotPending: 4021,
  ReasonRequired: 4022,
  HostHasExhibitions: 4023,
  FeatureInUse: 4024,
  VersionInUse: 4025,
  SensitiveWord: 4026,
  OwnerLoginProtected: 4027,
  FeatureBuiltIn: 4028,
  /** The exhibition's host has switched the feature off for exhibitors (e.g. enabledExhibitorCorrection). 4029 is RateLimited. */
  OrganizerFeatureOff: 4030,
  /** A spreadsheet import found broken rows: nothing was written; the job's report lists them. */
  ImportRowsInvalid: 4031,
  /** The job has already finished (or was cancelled): it can no longer be cancelled. */
  JobFinished: 4032,
  /** A copy between exhibitions of different hosts. */
  CopyAcrossHosts: 4033,
  /** Deleting or disabling the last active administrator would leave the platform without one. */
  LastAdministrator: 4034,
  /** An administrator cannot delete or disable its own login (another administrator does it). */
  AdministratorSelf: 4035,
  /** A GraphQL query over one of its limits (size, tokens, aliases, root fields, depth, cost); `extensions.limit` says which. */
  QueryTooComplex: 4036,
  /** The account had too many wrong passwords: this login needs the image captcha (captchaKey, captchaCode). */
  CaptchaRequired: 4037,
  /** The password was issued by someone else (must_change_password): only reading itself, changing it and logout answer until it is changed. */
  PasswordChangeRequired: 4038,
  /** More product pictures than the exhibition's `productImageUploadNumber` (`{max}`). 4060–4069 are the product block. */
  ProductPictureLimit: 4060,
  /** The exhibitor already has the exhibition's `exhibitorsLoadProductNumber` (`{max}`) products. */
  ProductLimit: 4061,
  /** A product video while the exhibition's `enabledUploadProductVideo` is off. */
  ProductVideoDisabled: 4062,
  /** 4070–4079: the exhibitor's catalogue (docs/products.md "Catalogue"). More than `{max}` product groups of one exhibitor. */
  ProductGroupLimit: 4070,
  /** More than `{max}` albums of one exhibitor. */
  AlbumLimit: 4071,
  /** More than `{max}` photos in one album. */
  AlbumPhotoLimit: 4072,
  /** More than `{max}` videos of one exhibitor. */
  ExhibitorVideoLimit: 4073,
  /** More than `{max}` videos of one exhibition. */
  ExhibitionVideoLimit: 4074,
  /** More than `{max}` certificates of one exhibitor. */
  ProductCertificateLimit: 4075,
  /** A product authenticated without an approved certificate linked to it. */
  ProductNotCertified: 4076,
  /** 4080–4089: visitors of the public site (docs/visitors.md). Registering twice for one exhibition. */
  AlreadyRegistered: 4080,
  /** Registration is not available: the exhibition's version lacks `audience`, the exhibition is gone, or the group is closed. */
  FunctionNotOpen: 4081,
  /** The exhibition has ended (endAt passed): no more registrations. */
  ExhibitionOver: 4082,
  /** The host blacklisted this visitor for the exhibition: no registration, no sign-in. */
  Blacklisted: 4083,
  /** A visitor sign-in for an exhibition the account has not registered for. */
  NotRegistered: 4084,
  /** A visitor likes an exhibitor once. */
  AlreadyLiked: 4085,
  AlreadyFollowed: 4086,
  /** An activity's seats (or a ticket kind) are all taken and it keeps no waiting list (docs/activities.md). */
  ActivityFull: 4087,
  /** A ticket scanned again: `{at}` is when it was first checked in. */
  AlreadyCheckedIn: 4088,
  /** Two activities in one hall at the same time while `enabledConcurrentActivity` is off; `{title}` is the other. */
  ActivityOverlap: 4077,
  /** 4090–4099: live rooms (docs/live.md). Every one of the `{lines}` lines of the room's quota is streaming now. */
  LiveLinesBusy: 4090,
  /** The room's quota has no streaming minutes left. */
  LiveMinutesSpent: 4091,
  /** An allocation beyond the exhibition's pool: `{available}` lines or minutes are left to allocate. */
  LiveQuotaExceeded: 4092,
  /** The room's moderator muted this viewer. */
  LiveMuted: 4093,
  /** Gifts are switched off in this room. */
  LiveGiftsOff: 4094,
  /** The exhibition's live toggles (`enabledLive`, `enabledExhibitorLive`, `enabledSpecialLive`) leave this room kind off. */
  LiveOff: 4095,
  /** 4150–4154: enquiries (docs/matching.md). Too many enquiries to one exhibitor; `{seconds}` until the next. */
  EnquiryTooFrequent: 4150,
  /** The enquiry is closed: no reply any more. */
  EnquiryClosed: 4151,
  /** 4170–4179: supply and demand (docs/matching.md). The exhibition's `enabledSupplyDemand` toggle is off. */
  SupplyDemandOff: 4170,
  /** 4180–4189: consultations (docs/consult.md). Too many questions to one exhibition; `{seconds}` until the next. */
  ConsultTooFrequent: 4180,
  /** 4190–4209: topics and focus applications (docs/topics.md). The topic takes no applications (closed, hidden or over). */
  TopicClosed: 4190,
  /** Only a pending application can be withdrawn, only a rejected one submitted again. */
  TopicApplicationState: 4191,
  /** Only a pending focus application can be withdrawn by its exhibitor. */
  FocusApplicationState: 4192,
  PayloadTooLarge: 41300,
  TooManyFiles: 4131,
  UnsupportedFileType: 4132,
  /** Spreadsheet uploads (exhibitor import). */
  SpreadsheetTooLarge: 4133,
  SpreadsheetTooManyRows: 4134,
  NotASpreadsheet: 4135,
  SpreadsheetColumnsMissing: 4136,
  SpreadsheetEmpty: 4137,
  /** An uploaded file of 0 bytes. */
  FileEmpty: 4138,
  /** A (non-image) file over its size limit; `{max}` MB. */
  FileTooLarge: 4139,
  /** A request body over the server's body limit. */
  RequestTooLarge: 4140,
  /** A finished video upload whose bytes are neither MP4 (an `ftyp` box) nor WebM (an EBML header with DocType webm). */
  NotAVideo: 4141,
  /** Appointments (issue 15 part 2). */
  AppointmentSlotTaken: 4155,
  AppointmentStaffBusy: 4156,
  AppointmentsOff: 4157,
  AppointmentWrongState: 4158,
  AppointmentNeedsStaff: 4159,
  AppointmentSlotHeld: 4160,
  AppointmentSlotPast: 4161,
  RateLimited: 4029,
  Internal: 5000,
  DataDirLocked: 5001,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCode, number> = {
  4000: 400,
  4001: 401,
  4002: 400,
  4003: 403,
  4004: 404,
  4005: 403,
  4006: 400,
  4007: 400,
  4008: 400,
  4009: 409,
  4010: 409,
  4011: 409,
  4012: 409,
  4013: 400,
  4014: 400,
  4015: 409,
  4016: 409,
  4017: 400,
  4018: 403,
  4019: 403,
  4020: 409,
  4021: 409,
  4022: 400,
  4023: 409,
  4024: 409,
  4025: 409,
  4026: 400,
  4027: 409,
  4028: 409,
  4030: 403,
  4031: 400,
  4032: 409,
  4033: 400,
  4034: 409,
  4035: 409,
  4036: 400,
  4037: 400,
  4038: 403,
  4060: 400,
  4061: 400,
  4062: 400,
  4070: 400,
  4071: 400,
  4072: 400,
  4073: 400,
  4074: 400,
  4075: 400,
  4076: 400,
  4077: 409,
  4080: 409,
  4081: 403,
  4082: 403,
  4083: 403,
  4084: 404,
  4085: 409,
  4086: 409,
  4087: 409,
  4088: 409,
  4090: 409,
  4091: 403,
  4092: 400,
  4093: 403,
  4094: 403,
  4095: 403,
  4150: 429,
  4151: 409,
  4170: 403,
  4180: 429,
  4190: 409,
  4191: 409,
  4192: 409,
  41300: 413,
  4131: 400,
  4132: 415,
  4133: 413,
  4134: 400,
  4135: 415,
  4136: 400,
  4137: 400,
  4138: 400,
  4139: 413,
  4140: 413,
  4141: 415,
  4155: 409,
  4156: 409,
  4157: 403,
  4158: 409,
  4159: 400,
  4160: 409,
  4161: 400,
  4029: 429,
  5000: 500,
  5001: 500,
};
