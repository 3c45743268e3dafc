import type { Executor } from '../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import { operationLog } from './tables.ts';

export type OpLogEntry = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  hostId?: string | null;
  /** Keys that look secret but are not, kept readable (a city's area `code`). */
  plain?: readonly string[];
};

/** `origin`: the address the request came to (scheme and host, proxy headers trusted as configured), for links in messages. */
export type Actor = { principal: Principal | null; ip: string | null; origin?: string };

const SECRET_KEYS = /password|secret|token|code/i;
function redact(value: unknown, plain: readonly string[] = []): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map((v) => redact(v, plain));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) && !plain.includes(k) ? '***' : redact(v, plain)]),
  );
}

/** Writes one operation-log row; call it with the transaction that makes the change. */
export async function writeOpLog(tx: Executor, actor: Actor, entry: OpLogEntry): Promise<void> {
  const p = actor.principal;
  const user = p?.kind === 'user' ? p : null;
  await tx.insert(operationLog).values({
    userId: user?.userId ?? null,
    userName: user?.userName ?? (p?.kind === 'client' ? `client:${p.clientId}` : null),
    role: user?.role ?? null,
    hostId: entry.hostId ?? user?.hostIds[0] ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: redact(entry.before, entry.plain),
    after: redact(entry.after, entry.plain),
    ip: actor.ip,
  });
}
