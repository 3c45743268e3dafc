import { buildWebIfStale, runServer } from './lib.mjs';

buildWebIfStale();
const child = runServer();
child.on('exit', (code) => process.exit(code ?? 0));
