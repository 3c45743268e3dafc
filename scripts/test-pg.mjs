import { portAnswers, run } from './lib.mjs';

/** The server's integration tests again, each test file on a new PostgreSQL database. */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { hostname, port } = new URL(url);
if (!(await portAnswers(Number(port || 5432), hostname))) {
  const msg = `PostgreSQL does not answer at ${hostname}:${port || 5432}; the PostgreSQL run is skipped.`;
  if (process.env.CI && !process.env.ALLOW_NO_POSTGRES) {
    console.error(msg);
    process.exit(1);
  }
  console.log(msg);
  process.exit(0);
}
process.exit(run('npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: url }));
