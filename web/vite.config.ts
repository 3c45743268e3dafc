import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig, type Plugin } from 'vite';

/**
 * The back office's one script (src/boot.ts) imports the app (src/main.tsx) only once it runs; modulepreload links in
 * the page start the app's chunks, the framework first, with the script's own download (docs/performance.md "The web").
 */
function preloadApp(): Plugin {
  return {
    name: 'pavilion:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map(Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const app = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!app || ctx.path !== '/index.html') return [];
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) add(imported);
        };
        add(app.fileName);
        const link = (rel: string, file: string) => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `/${file}` }, injectTo: 'head' as const });
        const styles = [...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...[...files].sort((a, b) => (chunks.get(b)?.code.length ?? 0) - (chunks.get(a)?.code.length ?? 0)).map((file) => link('modulepreload', file)),
          ...styles.map((file) => link('stylesheet', file)),
        ].filter((tag) => !html.includes(tag.attrs.href));
      },
    },
  };
}

/** In development the API runs on its own port (PORT, or PAVILION_API for another host); in production one Fastify process serves both. */
const api = process.env.PAVILION_API ?? `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    preloadApp(),
    // Each asset also as .gz and .br, made once here at the highest levels: the server sends them as they are
    // (server/src/http/web.ts) instead of compressing every response again.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
      exclude: [/\.html$/],
      scheduler: { limit: 2 },
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: Object.fromEntries(['/api', '/connect', '/config', '/uploads'].map((prefix) => [prefix, { target: api, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // What each page loads: docs/performance.md "The web"; `npm run bench:web` holds the budgets.
    rolldownOptions: {
      // The visitor site is its own light entry (docs/visitor-site.md): no antd, no back office.
      input: { index: 'index.html', expo: 'expo.html' },
      output: {
        // Every page needs the framework: one chunk whose hash an app change leaves alone. The rest (antd's
        // components, the screens' libraries) is split by who imports it, so a screen change loads that screen.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/, priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
