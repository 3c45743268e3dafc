import type { ClientConfig } from '@pavilion/contract';
import { loadConfig } from './api/config.ts';
import { langOfPath, messageChunks } from './i18n/lang.ts';
import { routeTables } from './routes/all.ts';
import { join, type RouteTable } from './routes/types.ts';

/**
 * What the first screen waits for, asked for by the page's first script (boot.ts) while the framework and the app
 * still load, not after them (docs/performance.md "The web"): the configuration, the core messages of the path's
 * language and, on a login page, its chunk. The app asks again later and finds each one loaded or on its way.
 */
let config: Promise<ClientConfig> | null = null;

export function startFirstScreen(pathname: string) {
  config = loadConfig();
  config.catch(() => undefined);
  void messageChunks.core[langOfPath(pathname)]().catch(() => undefined);
  preloadLightScreen(pathname);
}

/** The configuration asked for by `startFirstScreen`, else asked for now; each answer is taken once. */
export function firstConfig(): Promise<ClientConfig> {
  const started = config ?? loadConfig();
  config = null;
  return started;
}

/** Starts loading the chunk of the light screen (a login page) at `pathname`, if it is one. */
export function preloadLightScreen(pathname: string, tables: readonly RouteTable[] = routeTables) {
  for (const table of tables)
    for (const base of table.bases)
      for (const screen of table.screens) if (screen.light && join(base, screen.path) === pathname) return void screen.load().catch(() => undefined);
}
