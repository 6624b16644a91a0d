/**
 * The touch site's entry imports this first: it runs before the modules that wait for the core's wasm
 * (lib/core's top-level await), so the page's own files are asked for at once, beside the wasm.
 */
import { prefetchMobilePage } from './features/mobile/routes';

prefetchMobilePage(window.location.pathname);
