import { z } from 'zod';
import { httpUrl } from './url.ts';
import { auditedFields } from './audit.ts';
import { cacheBuster, id } from './envelope.ts';

/**
 * Exhibitor-service submissions (展务资料) of the request api's *Down groups: what an exhibitor
 * hands in for the show (company data, catalogue entry, invoice, contacts, lintel, vehicle passes)
 * and the host downloads and verifies. One current submission per kind and join; verification is
 * the audit mechanism (types `companyDown` … `vehicleDown`). Also the company licence (audit type
 * `company`). See docs/api.md "Audit".
 */
export const submissionKinds = ['company', 'catalogue', 'invoice', 'contact', 'lintel', 'vehicle'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
/** The request api's group names and their kinds. */
export const submissionGroups = { CompanyDown: 'company', CatalogueDown: 'catalogue', InvoiceDown: 'invoice', ContactDown: 'contact', LintelDown: 'lintel', VehicleDown: 'vehicle' } as const satisfies Record<string, SubmissionKind>;
export type SubmissionGroup = keyof typeof submissionGroups;

const when = z.iso.datetime({ offset: true });
const req = (max: number) => z.string().trim().min(1).max(max);
const opt = (max: number) => z.string().trim().max(max).nullish();
const email = z.email().max(200).nullish();

export const submissionPayloads = {
  company: z.strictObject({
    name: req(200),
    nameEn: opt(200),
    creditCode: opt(50),
    legalPerson: opt(100),
    address: opt(500),
    addressEn: opt(500),
    website: httpUrl(500).nullish(),
    phone: opt(50),
    email,
    logo: httpUrl(2000).nullish(),
    introduction: opt(5000),
    introductionEn: opt(5000),
  }),
  catalogue: z.strictObject({
    compName: req(200),
    compNameEn: opt(200),
    booth: opt(100),
    logo: httpUrl(2000).nullish(),
    introduction: opt(5000),
    introductionEn: opt(5000),
    exhibits: opt(2000),
    exhibitsEn: opt(2000),
    contact: opt(100),
    phone: opt(50),
    email,
    website: httpUrl(500).nullish(),
    address: opt(500),
  }),
  invoice: z.strictObject({
    type: z.enum(['normal', 'special']),
    title: req(200),
    taxNo: req(50),
    bankName: opt(200),
    bankAccount: opt(100),
    address: opt(500),
    phone: opt(50),
    receiverName: opt(100),
    receiverPhone: opt(50),
    receiverEmail: email,
    receiverAddress: opt(500),
    remark: opt(1000),
  }),
  contact: z.strictObject({
    contacts: z
      .array(z.strictObject({ name: req(100), jobTitle: opt(100), phone: opt(50), email, isPrimary: z.boolean().optional() }))
      .min(1)
      .max(50),
  }),
  lintel: z.strictObject({ name: req(100), nameEn: opt(200), booth: opt(100) }),
  vehicle: z.strictObject({
    vehicles: z
      .array(z.strictObject({ plateNumber: req(20), vehicleType: opt(50), driverName: opt(100), driverPhone: opt(50), enterDate: opt(30) }))
      .min(1)
      .max(100),
  }),
} as const satisfies Record<SubmissionKind, z.ZodType>;

export const submission = z.object({
  id,
  kind: z.enum(submissionKinds),
  /** The join (exhibitor) it belongs to; the spec's `joinId`. */
  joinId: id,
  exhibitionId: id,
  companyName: z.string().nullable(),
  payload: z.unknown(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type Submission = z.infer<typeof submission>;

export const submissionIdQuery = z.object({ id }).extend(cacheBuster.shape);
export const submissionRecordQuery = z.object({ joinId: id }).extend(cacheBuster.shape);
/** `POST /api/<Group>`: the exhibitor hands in (or replaces) its submission; `joinId` defaults to its own. */
export const submitBody = <K extends SubmissionKind>(kind: K) => z.object({ joinId: id.optional(), payload: submissionPayloads[kind] });

/** The company licence (营业执照), audit type `company`. */
export const companyLicence = z.object({
  id: id.nullable(),
  compId: id,
  licenceUrl: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalPerson: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  validUntil: z.string().nullable(),
  ...auditedFields,
  updateAt: when.nullable(),
});
export type CompanyLicence = z.infer<typeof companyLicence>;
export const companyLicenceQuery = z.object({ compId: id }).extend(cacheBuster.shape);
/** Unified social credit code (统一社会信用代码): 18 characters. */
export const creditCode = z.string().trim().regex(/^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
export const putCompanyLicenceBody = z.object({
  licenceUrl: z.string().trim().min(1).max(2000),
  creditCode: creditCode.nullish(),
  legalPerson: opt(100),
  registeredAddress: opt(500),
  /** YYYY-MM-DD, or null for no end date. */
  validUntil: z.iso.date().nullish(),
  /** Save without submitting (stays a draft, never in the host's queue). */
  draft: z.boolean().default(false),
});
