import { z } from 'zod';
import { httpUrl } from './url.ts';
import { email, phoneNumber } from './auth.ts';
import { auditedFields, auditState, ownerFields } from './audit.ts';
import { cacheBuster, id, idQuery, pageRequest } from './envelope.ts';

/**
 * Exhibitor staff badges (参展证, ExCard / admin/card, issue 3): the people an exhibitor sends to
 * the show. The exhibitor hands them in, the host reviews, prints and marks them printed.
 * See docs/cards.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

/** What the badge is for: the exhibitor's own staff, the stand builders, anyone else. */
export const cardTypes = ['staff', 'construction', 'other'] as const;
export const cardType = z.enum(cardTypes);
export type CardType = z.infer<typeof cardType>;

/** Badges one exhibitor may hand in (all types, deleted ones not counted); the host may add beyond it. */
export const CARD_LIMIT = 10;

/** An identity card (18 characters) or a passport number: letters, digits and dashes. */
export const idNumber = z.string().trim().regex(/^[0-9A-Za-z-]{5,30}$/);

const cardFields = z.object({
  name: text(50).min(1),
  phone: phoneNumber,
  email: email.nullish(),
  position: text(100).min(1),
  idNumber: idNumber.nullish(),
  /** The URL `POST /api/upload/images` answered. */
  photo: httpUrl(2000).nullish(),
  type: cardType,
});
/** A new badge is for the exhibitor's staff unless it says otherwise. */
export const cardContent = cardFields.extend({ type: cardType.default('staff') });

export const card = z.object({
  id,
  ...ownerFields,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  position: z.string(),
  /** Masked (`110***********1234`) in lists read by the exhibitor; whole for the host, and in the one-badge read. */
  idNumber: z.string().nullable(),
  photo: z.string().nullable(),
  type: cardType,
  printed: z.boolean(),
  printedAt: when.nullable(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type Card = z.infer<typeof card>;

/** The host names the exhibitor; an exhibitor's badge is always its own. */
export const cardCreateBody = cardContent.extend({ exhibitorId: id.optional() });
/** Only the fields sent change (no defaults here: an absent `type` keeps the badge's). */
export const cardPatchBody = cardFields.partial();
export const cardQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  /** Part of the name, phone or position. */
  keyword: text(100).optional(),
  /** Part of the company name, Chinese or English. */
  companyName: text(100).optional(),
  auditState: auditState.optional(),
  printed: z.boolean().optional(),
  type: cardType.optional(),
});
export type CardQuery = z.infer<typeof cardQuery>;
export const cardGetQuery = idQuery.extend(cacheBuster.shape);
/** Mark approved badges printed (or, `printed: false`, to be printed again). */
export const cardPrintedBody = z.object({ ids: z.array(id).min(1).max(500), printed: z.boolean().default(true) });
export const cardPrintedResult = z.object({ updated: z.number().int() });
