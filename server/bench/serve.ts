import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';
import { LIMITS } from '../src/infra/rate-limit.ts';
import { ensureClients } from '../src/seed/clients.ts';
import { ensureReferenceData } from '../src/modules/reference/seed.ts';
import { ensurePlatformData } from '../src/seed/platform.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import { publicExpoLimit } from '../src/modules/expo/routes.ts';

/**
 * The bench's server: src/main.ts in its own process (DATA_DIR or DATABASE_URL, the job worker in
 * process), without the web app, and with two per-caller counters lifted. One signed-in load
 * generator passes the GraphQL rate per user (120 a minute) and the public reads' rate per address
 * in a second; the bench measures what a query costs, not those refusals.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, engine: config.dbEngine, embeddedPort: config.embeddedPgPort });
const shared = memoryState();
const hit = shared.hit.bind(shared);
const unlimited = [LIMITS.graphqlPerUser('', 0).key, publicExpoLimit('').key];
shared.hit = (key, limit, windowSeconds) => (unlimited.some((k) => key.startsWith(k)) ? Promise.resolve({ allowed: true, count: 1, retryAfter: 0 }) : hit(key, limit, windowSeconds));
await ensureClients(database.db, config);
await ensureReferenceData(database.db);
await ensurePlatformData(database.db);
const app = await buildApp({ config, database, shared, logger: false });
const worker = await startJobWorker(app, { pollMs: 200 });
const shutdown = async () => {
  try {
    await worker.stop();
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
const address = await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ address });
