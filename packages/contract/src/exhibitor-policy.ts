import { z } from 'zod';
import { id } from './envelope.ts';

/**
 * The participation policy (参展须知) of an exhibition (issue 3): rich text the host writes in
 * Chinese and English (`PUT /api/v3/exhibitorpolicy?exhibitionId`) and its exhibitors read
 * (`GET`, same path). The server keeps only allow-listed HTML. See docs/exhibitor-services.md.
 */

/** The longest policy text accepted per language (HTML included). */
export const POLICY_MAX_CHARS = 100_000;

export const exhibitorPolicy = z.object({
  exhibitionId: id,
  /** Sanitised HTML; '' when never written. */
  content: z.string(),
  contentEn: z.string(),
  updateAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExhibitorPolicy = z.infer<typeof exhibitorPolicy>;

export const exhibitorPolicyPutBody = z.object({
  content: z.string().max(POLICY_MAX_CHARS).default(''),
  contentEn: z.string().max(POLICY_MAX_CHARS).default(''),
});
