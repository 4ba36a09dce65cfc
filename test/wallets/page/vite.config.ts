/**
 * Builds the test wallets' page (test/wallets/page/) for test/wallets/*.test.ts; the tests pass
 * `build.outDir` themselves. It is also the proof that both wallets bundle for the browser with
 * Vite: no Node built-ins on their path.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: { target: 'es2022', emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 4000 }
})
