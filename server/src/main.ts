import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { memoryState, redisState } from './infra/kv.ts';
import { ensureClients } from './seed/clients.ts';
import { ensureReferenceData } from './modules/reference/seed.ts';
import { ensurePlatformData } from './seed/platform.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './seed/demo.ts';
import { DEMO_EXHIBITION_ID } from './seed/ids.ts';
import { startJobWorker } from './modules/backgroundjob/worker.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, engine: config.dbEngine, embeddedPort: config.embeddedPgPort });
} catch (err) {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}

const shared = config.redisUrl ? await redisState(config.redisUrl) : memoryState();
await ensureClients(database.db, config);
await ensureReferenceData(database.db);
await ensurePlatformData(database.db);
let seeded = false;
if (config.seedDemo && (await isEmpty(database.db))) {
  await seedDemo(database.db);
  seeded = true;
}

const app = await buildApp({ config, database, shared, web: true });
// Background jobs run in this process; jobs left running by a stopped process are re-queued at start.
const worker = await startJobWorker(app);

let closing = false;
const shutdown = async (signal: string, exitCode = 0) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  try {
    // Running jobs finish (or go back to the queue) while the database is still open.
    await worker.stop();
    await app.close();
    await shared.close();
    await database.close();
  } finally {
    process.exit(exitCode);
  }
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // The port is taken, say: the embedded PostgreSQL is stopped rather than left running without its owner.
  console.error((err as Error).message);
  await worker.stop();
  await database.close();
  process.exit(1);
}
try {
  await app.deps.media.start();
} catch (err) {
  // RTMP_PORT taken, say. In production the app without its ingest is not what was asked for; on a
  // developer's machine (several checkouts, one 1935) the rest of the app still runs.
  console.error(`The live ingest (MEDIA_DRIVER=${config.media.driver}, RTMP_PORT=${config.media.rtmpPort}) did not start: ${(err as Error).message}`);
  if (config.production) await shutdown('ingest', 1);
}
console.log(`\nPavilion is running at http://localhost:${config.port} (${database.where}, shared state: ${shared.kind}).`);
if (config.seedDemo) {
  console.log(
    `\n⚠  DEMO ACCOUNTS${seeded ? ' (just created)' : ''} — for trying Pavilion only, never for real data:\n` +
      DEMO_ACCOUNTS.map((a) => `   ${a.userName.padEnd(11)} role ${a.role}   password "${DEMO_PASSWORD}"`).join('\n') +
      `\n   Admin:     http://localhost:${config.port}/admin/login/alogin` +
      `\n   Host:      http://localhost:${config.port}/live/login/alogin` +
      `\n   Exhibitor: http://localhost:${config.port}/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}\n`,
  );
}
