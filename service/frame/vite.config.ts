/**
 * The wallet frame's page (`npm run build:frame`): service/frame/index.html and what it loads, built to
 * service/frame/dist/, which the backend serves on the frame's origin: index.html at '/', the scripts and
 * styles under '/assets/' (relative URLs, so the page works wherever index.html is served). The
 * page runs under a strict CSP (script-src 'self'; style-src 'self'): no inline script or style is
 * emitted (no module-preload polyfill, no inlined assets), the CSS is a file of its own.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  envPrefix: 'APPKIT_FRAME_PUBLIC_',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false
  }
})
