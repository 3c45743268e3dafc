import { z } from 'zod';
import { absoluteUrl, httpUrl } from './url.ts';
import { email, phoneNumber } from './auth.ts';
import { company } from './domain.ts';
import { id } from './envelope.ts';

/** A company's phone: a mobile number, or a landline as printed (`0571-88886666`, `+86 (21) 5555 0000`). */
export const companyPhone = z.union([phoneNumber, z.string().trim().regex(/^[0-9+\-() ]{3,30}$/)]);

const optText = (max: number) => z.string().trim().max(max).nullish();

/** The exhibitor's own company profile (`PUT /api/v3/company`). */
export const companyProfile = company.extend({
  introduction: z.string().nullable(),
  introductionEn: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;
export const updateCompanyProfileBody = z.object({
  /** Optional; when sent it must be the caller's own company. */
  id: id.optional(),
  name: z.string().trim().min(1).max(100).optional(),
  nameEn: optText(200),
  logo: httpUrl(1000).nullish(),
  region: optText(200),
  address: optText(300),
  introduction: optText(5000),
  introductionEn: optText(10_000),
  website: absoluteUrl(300).nullish(),
  phone: companyPhone.nullish(),
  email: email.nullish(),
});
