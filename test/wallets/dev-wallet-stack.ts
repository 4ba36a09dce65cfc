/**
 * The stack each Dev Wallet test file (dev-wallet.test.ts, dev-wallet-atomic.test.ts) runs against:
 * chain A and chain B on free ports (local/chain/start.ts), the test page built and served (strict CSP),
 * Chromium; and the page helpers that send a request and decide it in the wallet's own panel.
 * `useDevWalletStack()` starts it before the file's tests and stops everything after them; the
 * exported `let`s are live bindings, set once it has started.
 */
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, type PublicClient } from 'viem'
import { startChains, type LocalChains } from '../../local/chain/start.js'
import { TEST_ACCOUNTS, localViemChain } from '../../local/chain/deployment.js'
import {
  TEST_PAGE_CSP,
  buildTestPage,
  gotoTestPage,
  launchChromium,
  openContext,
  serveDirectory,
  type OpenedPage
} from './helpers.js'

export type Outcome = { result?: unknown; error?: { code?: number; message: string } }
export interface WalletTestWindow {
  walletTest: {
    announced: { uuid: string; name: string; rdns: string; icon: string }[]
    events: { event: string; args: unknown[] }[]
    announce(): void
    request(method: string, params?: unknown): Promise<Outcome>
  }
}

/** The Dev Wallet's default account: hardhat's #1. */
export const WALLET = TEST_ACCOUNTS[1]!.address
export const CHAIN_A_HEX = '0x7a69'
export const CHAIN_B_HEX = '0x7a6a'

export let chains: LocalChains
export let page$: { url: string; close(): Promise<void> }
export let browser: Browser
/** The test page on chains A and B. */
export let pageUrl: string
export let clientA: PublicClient
export let clientB: PublicClient

/** Starts the stack before the calling file's tests and stops it after them. */
export function useDevWalletStack(): void {
  let removePage: (() => void) | undefined
  before(async () => {
    const [started, built] = await Promise.all([startChains({ portA: 0, portB: 0 }), buildTestPage()])
    chains = started
    removePage = built.remove
    page$ = await serveDirectory(built.dir, { 'Content-Security-Policy': TEST_PAGE_CSP })
    const [a, b] = chains.chains
    pageUrl = `${page$.url}/?chainA=${encodeURIComponent(a!.rpcUrl)}&chainB=${encodeURIComponent(b!.rpcUrl)}`
    clientA = createPublicClient({ chain: localViemChain(31337, a!.rpcUrl), transport: http(a!.rpcUrl) })
    clientB = createPublicClient({ chain: localViemChain(31338, b!.rpcUrl), transport: http(b!.rpcUrl) })
    browser = await launchChromium()
  })

  after(async () => {
    await browser?.close()
    await page$?.close()
    removePage?.()
    await chains?.stop()
  })
}

export function call(page: Page, method: string, params?: unknown): Promise<Outcome> {
  return page.evaluate(([m, p]) => (globalThis as unknown as WalletTestWindow).walletTest.request(m as string, p), [
    method,
    params
  ] as const)
}

export function events(page: Page) {
  return page.evaluate(() => (globalThis as unknown as WalletTestWindow).walletTest.events)
}

/** Starts a request, waits for the panel to show it, clicks Approve or Reject, returns the outcome. */
export async function decide(
  page: Page,
  decision: 'approve' | 'reject',
  method: string,
  params?: unknown
): Promise<Outcome> {
  const pending = call(page, method, params)
  const shown = page.getByTestId('dev-wallet-method')
  await shown.waitFor({ state: 'visible', timeout: 10_000 })
  assert.equal(await shown.textContent(), method)
  await page.getByTestId(`dev-wallet-${decision}`).click()
  const outcome = await pending
  await page.getByTestId('dev-wallet-panel').waitFor({ state: 'hidden', timeout: 10_000 })
  return outcome
}

export async function connected(browser: Browser, url = pageUrl): Promise<OpenedPage> {
  const opened = await openContext(browser)
  await gotoTestPage(opened.page, url)
  const outcome = await decide(opened.page, 'approve', 'eth_requestAccounts')
  assert.deepEqual(outcome, { result: [WALLET] })
  return opened
}
