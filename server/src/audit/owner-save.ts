import { AuditState, Role, type AuditType } from '@pavilion/contract';
import type { WriteContext } from '../core/write.ts';
import { decide, markDraft, submitForAudit } from './audit.ts';

/**
 * What happens after content an exhibitor owns was saved. The exhibitor's own save is a draft
 * (kept out of every host list) or a submission through the audit mechanism, where the exhibition's
 * `enabledAutoAudit…` switch may approve it at once. A host's (or the administrator's) edit is
 * final: submitted and approved by that host in the same transaction, so the history and the
 * operation log show who did it.
 */
export async function afterOwnerSave(
  ctx: WriteContext,
  input: { type: AuditType; targetId: string; exhibitionId: string; exhibitorId: string; title: string | null; draft?: boolean },
): Promise<void> {
  const asHost = ctx.principal.role !== Role.Exhibitor;
  if (!asHost && input.draft) return markDraft(ctx.tx, input.type, input.targetId);
  const submitted = await submitForAudit(ctx.tx, ctx.actor, { type: input.type, targetId: input.targetId, exhibitionId: input.exhibitionId, exhibitorId: input.exhibitorId, title: input.title });
  if (asHost && submitted.state === AuditState.Pending) await decide(ctx.tx, ctx.actor, { type: input.type, ids: [input.targetId], approve: true });
}
