import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';
import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';

// The server (jobseeker-server) answers /ajax; `npm run dev` proxies to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * The client wasm core, named in index.html so the browser fetches it with the entry rather than once the entry's
 * JavaScript has run and asks for it.
 */
function preloadCore(): Plugin {
  return {
    name: 'preload-core',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        // The client core only (transport, guard, mobile rules): the rules' wasm (core_wasm) is for the pages
        // that validate, and the notice templates' (core_wasm_templates) for the template page alone.
        const core = Object.values(bundle ?? {}).find((f) => f.type === 'asset' && /core_wasm_client_bg-[^/]*\.wasm$/.test(f.fileName));
        if (!core) throw new Error('preload-core: no wasm core in the bundle');
        // As the core fetches it (fetch(url): cors, same-origin credentials), so the preload is used.
        return [{ tag: 'link', attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: `/${core.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/** React's modules as Preact's compatibility layer provides them (preactjs.com/guide/v10/getting-started#aliasing-react-to-preact). */
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Two builds into one dist: the desktop app (index.html, `vite build`), then the touch site's own entry
 * (m.html, `vite build --mode mobile`, which the server answers for every /m address). Built apart, the
 * touch site's first load (its `startup` file below) holds what /m needs and nothing of the desktop's
 * header, frames or antd scopes; the two builds share no files, and a phone loads only the second's.
 */
export default defineConfig(({ mode }) => ({
  plugins: [wasm(), preloadCore()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The touch site runs on Preact's React layer: react-dom is 40 KB gzipped, preact/compat about 11, and
      // a phone's first load has a 100 KB budget (issue 18). The /m code is React code; the desktop keeps React.
      ...(mode === 'mobile' ? PREACT : []),
    ],
  },
  build: {
    // Top-level await instantiates the wasm core before the app starts.
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: mode !== 'mobile',
    rolldownOptions: {
      input: fileURLToPath(new URL(mode === 'mobile' ? './m.html' : './index.html', import.meta.url)),
      output: {
        codeSplitting: {
          // What the entry loads at start (React, the router, i18n, the core, the frame) is one file,
          // not a dozen: every page needs all of it, and each file is a request.
          groups: [
            { name: 'startup', tags: ['$initial'] },
            // The light components the light pages (tags, the resume) draw with, in one file too, with the
            // calls two features share (lib/api: the saved jobs and the job page), rather than a file of their own.
            { name: 'light', test: /src[\\/](components[\\/](ui[\\/](?!job-search)|antd[\\/](on-demand|on-activity|popup|lazy)\.)|lib[\\/](api[\\/]|call-errors\.|request-error\.|use-server-data\.))/ },
          ],
        },
      },
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
}));
