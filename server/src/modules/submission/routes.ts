import { and, eq, inArray } from 'drizzle-orm';
import {
  AuditState,
  ok as okSchema,
  submission as submissionSchema,
  submissionGroups,
  submissionIdQuery,
  submissionRecordQuery,
  submitBody,
  type AuditType,
  type Submission,
  type SubmissionGroup,
  type SubmissionKind,
} from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope, reachableExhibitor } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { serviceSubmission } from './tables.ts';

type Row = typeof serviceSubmission.$inferSelect;
const typeOf = (kind: SubmissionKind) => `${kind}Down` as AuditType;

async function companyNameOf(db: Executor, exhibitorId: string) {
  const [c] = await db.select({ name: company.name }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(eq(exhibitor.id, exhibitorId));
  return c?.name ?? null;
}

for (const kind of Object.values(submissionGroups))
  registerAuditType({
    type: typeOf(kind),
    table: serviceSubmission,
    stateColumn: serviceSubmission.auditState,
    reasonColumn: serviceSubmission.auditReason,
    submitAtColumn: serviceSubmission.submitAt,
    auditAtColumn: serviceSubmission.auditAt,
    exhibitionIdColumn: serviceSubmission.exhibitionId,
    exhibitorIdColumn: serviceSubmission.exhibitorId,
    where: eq(serviceSubmission.kind, kind),
    title: (row: Row, tx) => companyNameOf(tx, row.exhibitorId),
    snapshot: (row: Row) => row.payload,
  });

const toSubmission = (r: Row, companyName: string | null): Submission => ({
  id: r.id,
  kind: r.kind as SubmissionKind,
  joinId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  companyName,
  payload: r.payload,
  auditState: r.auditState as AuditState,
  auditReason: r.auditReason,
  submitAt: r.submitAt?.toISOString() ?? null,
  auditAt: r.auditAt?.toISOString() ?? null,
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** The request api's six *Down groups: GET by id, GetRecord by join, PUT Verify; plus ours, POST to hand one in. */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  const answer = async (db: Executor, row: Row) => toSubmission(row, await companyNameOf(db, row.exhibitorId));
  const visible = async (db: Executor, p: UserPrincipal, kind: SubmissionKind, where: ReturnType<typeof eq>) => {
    const rows = await db.select().from(serviceSubmission).where(and(eq(serviceSubmission.kind, kind), reachableExhibitor(p, serviceSubmission.exhibitorId), where));
    return rows;
  };

  for (const [group, kind] of Object.entries(submissionGroups) as [SubmissionGroup, SubmissionKind][]) {
    const tags = [group];
    const base = `/api/${group}`;
    const body = submitBody(kind);

    app.get(
      base,
      { config: { permission: 'submission.read' }, schema: { summary: `One ${kind} submission (its exhibitor, or the host of its exhibition)`, tags, querystring: submissionIdQuery, response: { 200: okSchema(submissionSchema) } } },
      async (request) => {
        const [row] = await visible(db, userOf(request), kind, eq(serviceSubmission.id, request.query.id));
        if (!row) throw notFound('submission');
        return ok(await answer(db, row));
      },
    );

    app.get(
      `${base}/GetRecord`,
      { config: { permission: 'submission.read' }, schema: { summary: `The ${kind} submission of a join (null when none was handed in)`, tags, querystring: submissionRecordQuery, response: { 200: okSchema(submissionSchema.nullable()) } } },
      async (request) => {
        const p = userOf(request);
        const [ex] = await db.select({ id: exhibitor.id }).from(exhibitor).where(and(eq(exhibitor.id, request.query.joinId), exhibitorScope(p)));
        if (!ex) throw notFound('exhibitor');
        const [row] = await db.select().from(serviceSubmission).where(and(eq(serviceSubmission.kind, kind), eq(serviceSubmission.exhibitorId, ex.id)));
        return ok(row ? await answer(db, row) : null);
      },
    );

    app.post(
      base,
      {
        config: { permission: 'submission.submit' },
        schema: { summary: `Hand in (or replace) the exhibitor's own ${kind} submission; it waits for the host's verification`, tags, body, response: { 200: okSchema(submissionSchema) } },
      },
      async (request) => {
        const p = userOf(request);
        const { joinId, payload } = request.body as { joinId?: string; payload: unknown };
        const row = await db.transaction(async (tx) => {
          const [ex] = await tx.select({ id: exhibitor.id, exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(eq(exhibitor.id, joinId ?? p.exhibitorId ?? ''), exhibitorScope(p)));
          if (!ex) throw notFound('exhibitor');
          const [saved] = await tx
            .insert(serviceSubmission)
            .values({ kind, exhibitorId: ex.id, exhibitionId: ex.exhibitionId, payload })
            .onConflictDoUpdate({ target: [serviceSubmission.kind, serviceSubmission.exhibitorId], set: { payload } })
            .returning();
          await submitForAudit(tx, actorOf(request), { type: typeOf(kind), targetId: saved!.id, exhibitionId: ex.exhibitionId, exhibitorId: ex.id });
          const [after] = await tx.select().from(serviceSubmission).where(eq(serviceSubmission.id, saved!.id));
          return after!;
        });
        return ok(await answer(db, row));
      },
    );

    const mine = (p: UserPrincipal, ids: string[]) => and(eq(serviceSubmission.kind, kind), reachableExhibitor(p, serviceSubmission.exhibitorId), inArray(serviceSubmission.id, ids));
    auditDecisionRoute(app, {
      method: 'PUT',
      url: `${base}/Verify`,
      type: typeOf(kind),
      permission: 'submission.verify',
      summary: `Verify (approve) or reject ${kind} submissions by id, all or none; a reason is required to reject`,
      tags,
      async check(tx, p, ids) {
        const found = await tx.select({ id: serviceSubmission.id }).from(serviceSubmission).where(mine(p, ids));
        if (found.length !== ids.length) throw notFound('submission');
      },
      answer: { schema: submissionSchema, load: async (tx, ids, p) => Promise.all((await tx.select().from(serviceSubmission).where(mine(p, ids))).map((r) => answer(tx, r))) },
    });
  }
};
