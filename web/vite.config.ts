import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs on its own port (PORT, or PAVILION_API for another host); in production one Fastify process serves both. */
const api = process.env.PAVILION_API ?? `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
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
