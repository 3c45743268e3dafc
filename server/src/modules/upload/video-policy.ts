import type { UserPrincipal } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';

/**
 * What a module checks before it lets a video of its purpose in: it throws an AppError to refuse
 * (the product module answers OrganizerFeatureOff when the exhibition's `enabledUploadProductVideo`
 * is off). `metadata` is the upload's tus metadata as the client sent it (`purpose`, `exhibitionId`,
 * `productId`…): the policy validates what it reads.
 */
export type VideoPolicy = (db: Db, principal: UserPrincipal, metadata: Readonly<Record<string, string>>) => Promise<void> | void;

/** A video that belongs to no switch (the exhibitor's lobby video): every caller of the route may upload it. */
const GENERAL_PURPOSE = 'general';

/**
 * One policy per purpose, each registered by the module that owns the purpose (its `register()` in
 * the boot list). A map rather than a `slot()`: several modules register side by side, and a purpose
 * nobody registered is the caller's mistake (400 naming `purpose`), not a wiring bug.
 */
const policies = new Map<string, VideoPolicy>();

export function registerVideoPurpose(purpose: string, policy: VideoPolicy): void {
  if (purpose === GENERAL_PURPOSE) throw new Error(`video purpose "${purpose}" is built in`);
  policies.set(purpose, policy);
}

/** The upload's purpose once its policy let it through; called when the upload is created and again when it completes. */
export async function checkVideoPurpose(db: Db, principal: UserPrincipal, metadata: Readonly<Record<string, string>>): Promise<string> {
  const purpose = metadata.purpose || GENERAL_PURPOSE;
  if (purpose === GENERAL_PURPOSE) return purpose;
  const policy = policies.get(purpose);
  if (!policy) throw fieldError('purpose', 'enum', { options: [GENERAL_PURPOSE, ...policies.keys()].join(', ') });
  await policy(db, principal, metadata);
  return purpose;
}
