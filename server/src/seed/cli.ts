import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ensureClients } from './clients.ts';
import { ensureReferenceData } from '../modules/reference/seed.ts';
import { ensurePlatformData } from './platform.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, wipe } from './demo.ts';
import { DEMO_EXHIBITION_ID } from './ids.ts';

/** `npm run seed`: wipes the database and writes the demo data again. */
const config = loadConfig();
if (config.production) {
  console.error('npm run seed refuses to run with NODE_ENV=production: it deletes every record.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, engine: config.dbEngine, embeddedPort: config.embeddedPgPort });
try {
  await wipe(database.db);
  await ensureClients(database.db, config);
  await ensureReferenceData(database.db);
  await ensurePlatformData(database.db);
  await seedDemo(database.db);
  console.log(`Demo data written (${database.where}). Accounts ${DEMO_ACCOUNTS.map((a) => a.userName).join(', ')}, password "${DEMO_PASSWORD}". Exhibition ${DEMO_EXHIBITION_ID}.`);
} finally {
  await database.close();
}
