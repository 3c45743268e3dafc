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
    // The visitor site is its own light entry (docs/visitor-site.md): no antd, no back office.
    rollupOptions: { input: { index: 'index.html', expo: 'expo.html' } },
  },
});
