import { fileURLToPath, URL } from 'node:url';
import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// The server (jobseeker-server) answers /ajax; `npm run dev` proxies to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [wasm()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // Top-level await instantiates the wasm core before the app starts.
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // antd's "use client" directives mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/ajax': backend },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
