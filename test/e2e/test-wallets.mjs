// The demo's test wallets (local/wallets/) on pages that do not install them, such as the
// examples: test-wallets/extension.ts bundled once per test process into one classic script (Vite,
// IIFE), added to a browser context before the page's scripts run, as a wallet extension's content
// script would be. The examples stay free of test code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './helpers.mjs'

let bundle

/** The bundled script (built on first use, about 10 s on a loaded machine). */
async function testWalletsScript() {
  if (bundle) return bundle
  const { build } = await import('vite')
  const outDir = mkdtempSync(join(tmpdir(), 'appkit-test-wallets-'))
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir,
        target: 'es2022',
        minify: false,
        reportCompressedSize: false,
        emptyOutDir: true,
        chunkSizeWarningLimit: 4000,
        lib: {
          entry: join(ROOT, 'test/e2e/test-wallets/extension.ts'),
          formats: ['iife'],
          name: 'appkitTestWallets',
          fileName: () => 'test-wallets.js'
        }
      }
    })
    bundle = readFileSync(join(outDir, 'test-wallets.js'), 'utf8')
    return bundle
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * Puts the AppKit Dev Wallet (EIP-6963, on `chainA` / `chainB`, with `devWalletKey` when given)
 * and the AppKit Solana Test Wallet (Wallet Standard, on `solana`, test account
 * `solanaAccountIndex`, default Alice) on every page `context` opens from now on.
 */
export async function addTestWallets(context, { chainA, chainB, solana, devWalletKey, solanaAccountIndex }) {
  const config = { chainA, chainB, solana, devWalletKey, solanaAccountIndex }
  await context.addInitScript({
    content: `globalThis.testWalletsConfig = ${JSON.stringify(config)};\n${await testWalletsScript()}`
  })
}
