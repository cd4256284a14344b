// Vite: React, /api proxied to the server in dev; the login page's packages first, echarts and tiptap in their own lazy chunks.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** A chunk group for JS modules of these packages; CSS stays with whoever imports it, so no eager import. */
const jsOf = (pattern: RegExp) => (id: string) => pattern.test(id) && !/\.css(\?|$)/.test(id);

/** Packages only a few pages need: their own chunks (below), fetched with those pages. */
const ECHARTS = /node_modules[\\/](echarts|zrender)[\\/]/;
const TIPTAP =
  /node_modules[\\/](@tiptap|prosemirror-[^\\/]+|@mantine[\\/]tiptap|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/;
const LAZY_ONLY = new RegExp(`${ECHARTS.source}|${TIPTAP.source}`);

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Vite warns past 500 kB minified. echarts (the office chart) and tiptap (the rich text editor) are
    // one library each, already cut to what is used and fetched only by the pages that show them; the
    // first load's size is held by `npm run bench` (gzipped), the figure a user waits for.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Taken first, so the lazy groups below cannot drag eagerly needed packages (react, mantine) along.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            // The rest of Mantine and the packages the /app pages share: one chunk rather than twenty, and taken
            // before the groups below, which would otherwise pull them in as their dependencies.
            {
              name: 'app-vendor',
              test: (id) => jsOf(/node_modules[\\/]/)(id) && !LAZY_ONLY.test(id),
              priority: 3,
            },
            { name: 'echarts', priority: 2, test: jsOf(ECHARTS) },
            { name: 'tiptap', priority: 1, test: jsOf(TIPTAP) },
          ],
        },
      },
    },
  },
});
