// The demo's test wallets (local/wallets/) on pages that do not install them, such as the
// examples: test-wallets/extension.ts bundled once per test process into one classic script (Vite,
// IIFE), added to a browser context before the page's scripts run, as a wallet extension's content
// script would be. The examples stay free of test code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshAccount, fundOnChainA } from './chain-a.mjs'
import { openPage, ROOT } from './helpers.mjs'

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

/**
 * A page of the stack's browser whose Dev Wallet holds a fresh account of its own (no other file
 * sends from it), funded on chain A with 1 ETH and `tusdc` tUSDC, at `url`, not yet connected.
 * Returns what openPage returns and the account.
 */
export async function openWithDevWallet(stack, url, { tusdc = 0 } = {}) {
  const sender = freshAccount()
  await fundOnChainA(stack.rpc.a, sender.address, tusdc)
  const opened = await openPage(stack.browser)
  await addTestWallets(opened.context, {
    chainA: stack.rpc.a,
    chainB: stack.rpc.b,
    solana: stack.rpc.solana,
    devWalletKey: sender.privateKey
  })
  await opened.page.goto(url)
  return { ...opened, sender }
}

/** Connects the Dev Wallet through the modal: the connect button, its row, its approval. */
export async function connectDevWallet(page) {
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page.getByTestId('connector-dev.appkit.wallet').click()
  await page.getByTestId('dev-wallet-approve').click()
}
