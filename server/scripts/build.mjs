import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles the server into plain JavaScript in server/dist (docs/performance.md, "Running built JavaScript"): the
 * process then carries no TypeScript loader (tsx's hooks thread and its transform caches, about 75 MB of resident
 * memory). Packages stay in node_modules; only our sources and @pavilion/contract (TypeScript) are bundled.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
export const distDir = path.join(serverRoot, 'dist');

const ENTRIES = { main: 'src/main.ts', 'bench-serve': 'bench/serve.ts' };

/**
 * A module finds its data next to its source (`import.meta.dirname` + '../../drizzle'); in the bundle every module
 * stands in dist/, so each file's `import.meta.dirname` becomes the folder it was written in, seen from dist/.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.dirname')) {
        const rel = path.relative(distDir, path.dirname(args.path)).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.dirname', `__sourcePath.resolve(import.meta.dirname, ${JSON.stringify(rel)})`);
        contents = `import __sourcePath from 'node:path';\n${contents}`;
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Node's flags for the server process (docs/performance.md, "The server's own size"). V8 sizes its old generation
 * by the machine (gigabytes here) and keeps what it grew under load; a ceiling makes it collect instead
 * (SERVER_HEAP_MB moves it; the caches that grow with traffic are bounded in bytes well below it). Under a high
 * request rate V8 also grows its young generation to 3 × 16 MB; 4 MB semi-spaces keep that part at 12 MB
 * (SERVER_SEMI_SPACE_MB moves it).
 */
export function serverNodeFlags(env = process.env) {
  return [`--max-old-space-size=${Number(env.SERVER_HEAP_MB) || DEFAULT_HEAP_MB}`, `--max-semi-space-size=${Number(env.SERVER_SEMI_SPACE_MB) || DEFAULT_SEMI_SPACE_MB}`];
}
const DEFAULT_HEAP_MB = 384;
const DEFAULT_SEMI_SPACE_MB = 4;

/**
 * The server process's environment: glibc gives each thread that allocates its own malloc arena (libuv's pool
 * hashes passwords, compresses and reads files), each holding freed memory; two arenas serve the server as fast.
 * A value the caller set wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

export async function buildServer(names = Object.keys(ENTRIES)) {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((d) => d !== '@pavilion/contract');
  await build({
    entryPoints: Object.fromEntries(names.map((n) => [n, path.join(serverRoot, ENTRIES[n])])),
    outdir: distDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    // Packages written as CommonJS that a bundled module requires by name.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourceDirname],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
