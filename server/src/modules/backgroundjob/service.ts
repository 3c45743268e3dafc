import { and, desc, eq, count, type SQL } from 'drizzle-orm';
import { toPage, type BackgroundJob, type PageRequest, type Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { backgroundJobScope } from '../../auth/scope.ts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import type { Actor } from '../../oplog/oplog.ts';
import type { SharedState } from '../../infra/kv.ts';
import { notifyJobs } from '../../jobs/runner.ts';
import { backgroundJob, type JobFiles, type JobRow } from '../../jobs/tables.ts';

/** Who started a job, kept in its params so the operation-log rows it writes name them. */
type JobActor = { userId: string; userName: string; role: Role; ip: string | null };

export function jobActor(job: JobRow): Actor {
  const a = (job.params as { actor?: JobActor }).actor;
  if (!a) return { principal: null, ip: null };
  const principal: UserPrincipal = {
    kind: 'user',
    userId: a.userId,
    userName: a.userName,
    role: a.role,
    sessionId: '',
    hostIds: job.hostId ? [job.hostId] : [],
    fullHostIds: [],
    assignedExhibitionIds: [],
    exhibitionId: null,
    exhibitorId: null,
    companyId: null,
    memberId: null,
    mustChangePassword: false,
  };
  return { principal, ip: a.ip };
}


/** Queues a job and wakes the workers of every instance. */
export async function createJob(
  db: Db,
  shared: SharedState,
  caller: { ip: string; lang: Lang },
  p: UserPrincipal,
  job: { type: string; exhibitionId: string; hostId: string; params: Record<string, unknown>; files?: JobFiles; id?: string },
): Promise<JobRow> {
  const actor: JobActor = { userId: p.userId, userName: p.userName, role: p.role, ip: caller.ip };
  const [row] = await db
    .insert(backgroundJob)
    .values({
      ...(job.id ? { id: job.id } : {}),
      type: job.type,
      exhibitionId: job.exhibitionId,
      hostId: job.hostId,
      createdBy: p.userId,
      lang: caller.lang,
      params: { ...job.params, actor },
      files: job.files ?? {},
    })
    .returning();
  await notifyJobs(shared);
  return row!;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const jobFileUrl = (id: string, kind: string) => `/api/v3/backgroundjob/download?id=${id}&file=${kind}`;

export function toJobItem(row: JobRow): BackgroundJob {
  const { actor: _actor, ...params } = row.params as Record<string, unknown>;
  const files: BackgroundJob['files'] = {};
  for (const kind of ['input', 'output', 'report'] as const) {
    const f = row.files[kind];
    if (f) files[kind] = { name: f.name, url: jobFileUrl(row.id, kind) };
  }
  return {
    id: row.id,
    type: row.type,
    state: row.state as BackgroundJob['state'],
    progress: row.progress,
    processed: row.processed,
    total: row.total,
    params,
    result: row.result ?? null,
    error: row.error,
    errorCode: row.errorCode,
    exhibitionId: row.exhibitionId,
    hostId: row.hostId,
    createdBy: row.createdBy,
    attempts: row.attempts,
    files,
    createAt: row.createdAt.toISOString(),
    updateAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export async function loadJob(db: Executor, p: UserPrincipal, id: string): Promise<JobRow> {
  const [row] = await db.select().from(backgroundJob).where(and(backgroundJobScope(p), eq(backgroundJob.id, id))).limit(1);
  if (!row) throw notFound('backgroundJob');
  return row;
}

export async function queryJobs(db: Db, p: UserPrincipal, q: PageRequest & { type?: string; state?: string; exhibitionId?: string }) {
  const where = and(
    backgroundJobScope(p),
    q.type ? eq(backgroundJob.type, q.type) : undefined,
    q.state ? eq(backgroundJob.state, q.state) : undefined,
    q.exhibitionId ? eq(backgroundJob.exhibitionId, q.exhibitionId) : undefined,
  ) as SQL;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(backgroundJob).where(where);
  const rows = await db
    .select()
    .from(backgroundJob)
    .where(where)
    .orderBy(desc(backgroundJob.createdAt), desc(backgroundJob.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toJobItem), total, q);
}
