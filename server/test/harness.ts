import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { Role } from '@pavilion/contract';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/client.ts';
import { memoryState, type SharedState } from '../src/infra/kv.ts';
import { localStorage } from '../src/storage/storage.ts';
import { ensureClients } from '../src/seed/clients.ts';
import { ensureReferenceData } from '../src/modules/reference/seed.ts';
import { ensurePlatformData } from '../src/seed/platform.ts';
import { DEMO_PASSWORD, DEMO_VISITOR, seedDemo } from '../src/seed/demo.ts';
import { DEMO_EXHIBITION_ID } from '../src/seed/ids.ts';
import { hashPassword } from '../src/auth/password.ts';
import { traceRoutes } from './ledger.ts';
import { userAccount } from '../src/modules/account/tables.ts';
import { host, hostInUser } from '../src/modules/host/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { company, companyUser, exhibitor } from '../src/modules/company/tables.ts';

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set (the CI's second run).
 */
export type TestContext = {
  app: App;
  db: Db;
  shared: SharedState;
  uploadsDir: string;
  /** Ids of the second tenant, whose records the demo users must never reach. */
  other: { hostId: string; exhibitionId: string; exhibitorId: string; companyId: string };
  demo: { exhibitionId: string };
  token(as: Actor): Promise<string>;
  close(): Promise<void>;
};

/** `visitor` is the seeded demo visitor (role 3), signed in on the visitor site to the demo exhibition. */
export type Actor = 'admin' | 'host' | 'exhibitor' | 'exhibitor2' | 'host2' | 'exhibitor3' | 'visitor';

export async function freshPostgres(adminUrl: string, template: string | null = null) {
  const name = `pavilion_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function seedSecondTenant(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [h2user, ex3user] = await db
    .insert(userAccount)
    .values([
      { userName: 'host2', role: Role.Host, passwordHash },
      { userName: 'exhibitor3', role: Role.Exhibitor, passwordHash },
    ])
    .returning();
  const [h] = await db.insert(host).values({ name: 'Second Organiser', ownerUserId: h2user!.id }).returning();
  await db.insert(hostInUser).values({ hostId: h!.id, userId: h2user!.id });
  const [e] = await db.insert(exhibition).values({ hostId: h!.id, name: '另一个展会', nameEn: 'Another Expo' }).returning();
  const [c] = await db.insert(company).values({ name: '第二租户公司' }).returning();
  await db.insert(companyUser).values({ companyId: c!.id, userId: ex3user!.id });
  const [x] = await db.insert(exhibitor).values({ exhibitionId: e!.id, companyId: c!.id }).returning();
  return { hostId: h!.id, exhibitionId: e!.id, exhibitorId: x!.id, companyId: c!.id };
}

/**
 * The seeded database every test file starts from, built once per run by server/test/seed-once.ts:
 * a PGlite dump, or a PostgreSQL template database. Without it (a file run by another config) each
 * file seeds its own.
 */
export type SeededStart = { other: TestContext['other']; snapshot: string | null; template: string | null };

declare module 'vitest' {
  export interface ProvidedContext {
    seeded: SeededStart | undefined;
  }
}

export const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_LOGIN_PER_IP: '100000', RATE_LIMIT_CODES_PER_IP: '100000', ...env });

/** Everything a test file finds in its database before it starts. */
export async function seedTestData(db: Db, config: ReturnType<typeof loadConfig>) {
  await ensureClients(db, config);
  await ensureReferenceData(db);
  await ensurePlatformData(db);
  // Without the sample categories and pending journal: tests build their own (server/test/demo-seed.test.ts checks them).
  await seedDemo(db, { exhibitorContent: false });
  return seedSecondTenant(db);
}

async function openTestDatabase(config: ReturnType<typeof loadConfig>) {
  const seeded = inject('seeded');
  const pgAdmin = process.env.TEST_DATABASE_URL;
  if (pgAdmin) {
    const pgDb = await freshPostgres(pgAdmin, seeded?.template ?? null);
    const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: null });
    const other = seeded?.template ? seeded.other : await seedTestData(database.db, config);
    return { database, other, drop: pgDb.drop };
  }
  if (seeded?.snapshot) {
    const database = await openDatabase({ dataDir: null, snapshot: new Blob([fs.readFileSync(seeded.snapshot)]) });
    return { database, other: seeded.other, drop: async () => {} };
  }
  const database = await openDatabase({ dataDir: null });
  return { database, other: await seedTestData(database.db, config), drop: async () => {} };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-test-'));
  const config = testConfig(tmp, env);
  const { database, other, drop } = await openTestDatabase(config);
  const shared = memoryState();
  const uploadsDir = path.join(tmp, 'uploads');
  const app = await buildApp({ config, database, shared, logger: false, storage: localStorage(uploadsDir) });
  traceRoutes(app);
  await app.ready();
  const tokens = new Map<Actor, string>();
  const exhibitionOf: Partial<Record<Actor, string>> = {
    exhibitor: DEMO_EXHIBITION_ID,
    exhibitor2: DEMO_EXHIBITION_ID,
    exhibitor3: other.exhibitionId,
  };
  return {
    app,
    db: database.db,
    shared,
    uploadsDir,
    other,
    demo: { exhibitionId: DEMO_EXHIBITION_ID },
    async token(as) {
      const cached = tokens.get(as);
      if (cached) return cached;
      if (as === 'visitor') {
        const res = await app.inject({ method: 'POST', url: `/api/v1/expo/${DEMO_EXHIBITION_ID}/login/email`, payload: { email: DEMO_VISITOR.email, password: DEMO_PASSWORD } });
        if (res.statusCode !== 200) throw new Error(`login as ${as} failed: ${res.body}`);
        const token = res.json().data.accessToken as string;
        tokens.set(as, token);
        return token;
      }
      const role = as.startsWith('admin') ? 'admin' : as.startsWith('host') ? 'host' : 'exhibitor';
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/account/login/${role}`,
        payload: { userName: as, password: DEMO_PASSWORD, ...(exhibitionOf[as] ? { exhibitionId: exhibitionOf[as] } : {}) },
      });
      if (res.statusCode !== 200) throw new Error(`login as ${as} failed: ${res.body}`);
      const token = res.json().data.tokenInfo.access_token as string;
      tokens.set(as, token);
      return token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code in the newest message sent to `recipient` (the outbox driver keeps them). */
export async function lastCode(ctx: TestContext, recipient: string): Promise<string> {
  const { messageOutbox } = await import('../src/messaging/tables.ts');
  const { desc, eq } = await import('drizzle-orm');
  const [row] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, recipient)).orderBy(desc(messageOutbox.createdAt)).limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

export const json = (res: { body: string }) => JSON.parse(res.body) as { success: boolean; code: number; data: any; description?: string; field?: string; errors?: { field: string; message: string }[] };

/**
 * A login whose password someone else issued (must_change_password) can call nothing else until
 * it sets its own (server/src/auth/guard.ts). Tests that sign such a login in do what the
 * change-password screen does first: set a password, here the same one, so later sign-ins keep it.
 * The token stays valid; a login without the flag is left alone.
 */
export async function ownPassword(ctx: { app: App }, login: { body: string }, password: string): Promise<void> {
  const info = (JSON.parse(login.body) as { data?: { tokenInfo?: { access_token: string; userInfo?: { mustChangePassword?: boolean } } } }).data?.tokenInfo;
  if (!info?.userInfo?.mustChangePassword) return;
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password/old', headers: bearer(info.access_token), payload: { oldPassword: password, password } });
  if (res.statusCode !== 200) throw new Error(`setting the own password failed: ${res.body}`);
}

/** Counts the statements a database handle sends, but for the job queue's own polling (every five seconds, on its table). */
export function statements(db: Db) {
  const logger = (db as unknown as { session: { logger: { logQuery: (q: string, p: unknown[]) => void } } }).session.logger;
  const spy = vi.spyOn(logger, 'logQuery');
  const polling = (sql: string) => /\b(from|update|into)\s+"background_job"/.test(sql);
  return { count: () => spy.mock.calls.filter(([sql]) => !polling(sql)).length, restore: () => spy.mockRestore() };
}
