import path from 'node:path';

/**
 * The web's route tables, read at run time so that e2e tests visit exactly the screens the app
 * mounts (a new screen is checked without editing a test). The specifier is a variable so that
 * `tsc -p e2e` does not type-check the whole web app through it; the shape used is declared here.
 */
interface ScreenLike {
  path: string;
  public?: boolean;
  firstBaseOnly?: boolean;
  menu?: unknown;
  parent?: string;
}
export interface TableLike {
  name: string;
  bases: readonly string[];
  shell: 'host' | 'exhibitor' | 'admin' | null;
  screens: readonly ScreenLike[];
}

const tablesModule = path.join(import.meta.dirname, '../web/src/routes/tables.ts');
export const routeTables = async (): Promise<readonly TableLike[]> => ((await import(/* @vite-ignore */ tablesModule)) as { routeTables: readonly TableLike[] }).routeTables;

const join = (base: string, path: string) => (path ? `${base}/${path}` : base || '/');

/** The guarded screens of a shell under the bases of one language ('zh' = every base but /ex-live-en), optionally menu (list) screens only. */
export async function screensOf(shell: 'host' | 'exhibitor' | 'admin', options: { lang?: 'zh' | 'en'; menuOnly?: boolean } = {}) {
  const lang = options.lang ?? 'zh';
  return (await routeTables())
    .filter((t) => t.shell === shell)
    .flatMap((t) =>
      t.bases
        .filter((base) => (lang === 'en' ? base.includes('ex-live-en') : !base.includes('ex-live-en')))
        .flatMap((base) =>
          t.screens
            .filter((s) => !s.public && (!s.firstBaseOnly || base === t.bases[0]) && (!options.menuOnly || s.menu))
            .map((s) => ({ path: join(base, s.path), parent: s.parent === undefined ? undefined : join(base, s.parent), menu: Boolean(s.menu) })),
        ),
    );
}
