/**
 * The AppKit Solana Test Wallet in Chromium against the local Solana runtime: this file starts the
 * runtime on free ports (local/solana/start.ts), builds and serves the test page (strict CSP), and stops
 * everything it started. The page finds the wallet through the Wallet Standard (getWallets), as an
 * app does; every request is decided in the wallet's own panel.
 */
import assert from 'node:assert/strict'
import { createPublicKey, verify } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { Browser, Page } from 'playwright-core'
import { solanaTestAccounts } from '../../local/solana/accounts.js'
import { startSolana, type LocalSolana } from '../../local/solana/start.js'
import {
  TEST_PAGE_CSP,
  buildTestPage,
  gotoTestPage,
  launchChromium,
  openContext,
  serveDirectory,
  waitUntil,
  type OpenedPage
} from './helpers.js'

type Outcome<T = unknown> = { result?: T; error?: { code?: number; message: string } }
interface SolanaTestApi {
  describe(): { name: string; version: string; icon: string; chains: string[]; features: string[]; accounts: string[] }
  listen(): void
  changes: { accounts?: string[]; chains?: string[] }[]
  connect(silent?: boolean): Promise<Outcome<{ address: string; publicKey: number[]; chains: string[] }[]>>
  disconnect(): Promise<Outcome>
  signAndSend(transaction: number[], chain: string, options?: object): Promise<Outcome<string>>
  signTransaction(transaction: number[]): Promise<Outcome<number[]>>
  signMessage(text: string): Promise<Outcome<{ signature: number[]; signedMessage: string }>>
}
type TestWindow = { walletTest: { solana: SolanaTestApi } }

const ALICE = solanaTestAccounts[0]!
const BOB = solanaTestAccounts[1]!

let solana: LocalSolana
let server: { url: string; close(): Promise<void> }
let removePage: () => void
let browser: Browser
let pageUrl: string

before(async () => {
  const [started, built] = await Promise.all([startSolana({ port: 0 }), buildTestPage()])
  solana = started
  removePage = built.remove
  server = await serveDirectory(built.dir, { 'Content-Security-Policy': TEST_PAGE_CSP })
  pageUrl = `${server.url}/?solana=${encodeURIComponent(solana.rpcUrl)}`
  browser = await launchChromium()
})

after(async () => {
  await browser?.close()
  await server?.close()
  removePage?.()
  await solana?.stop()
})

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

const balance = async (address: string) => (await rpc<{ value: number }>('getBalance', [address])).value

/** A legacy SOL transfer from Alice, unsigned, with a fresh blockhash from the runtime. */
async function transfer(to: string, lamports: number): Promise<number[]> {
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const tx = new Transaction({ feePayer: new PublicKey(ALICE.publicKey), recentBlockhash: value.blockhash }).add(
    SystemProgram.transfer({ fromPubkey: new PublicKey(ALICE.publicKey), toPubkey: new PublicKey(to), lamports })
  )
  return Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
}

type Method =
  'describe' | 'listen' | 'connect' | 'disconnect' | 'signAndSend' | 'signTransaction' | 'signMessage' | 'changes'

/** Calls `walletTest.solana[method](...args)` in the page (or reads `changes`). */
function api<M extends Method>(
  page: Page,
  method: M,
  ...args: SolanaTestApi[M] extends (...a: infer A) => unknown ? A : []
): Promise<SolanaTestApi[M] extends (...a: never[]) => infer R ? Awaited<R> : SolanaTestApi[M]> {
  return page.evaluate(
    ([name, list]) => {
      const solana = (globalThis as unknown as TestWindow).walletTest.solana as unknown as Record<string, unknown>
      const member = solana[name as string]
      return typeof member === 'function' ? member(...(list as unknown[])) : member
    },
    [method, args] as const
  ) as never
}

async function decide<M extends Method>(
  page: Page,
  decision: 'approve' | 'reject',
  shownMethod: string,
  method: M,
  ...args: SolanaTestApi[M] extends (...a: infer A) => unknown ? A : []
) {
  const pending = api(page, method, ...args)
  const shown = page.getByTestId('solana-wallet-method')
  await shown.waitFor({ state: 'visible', timeout: 10_000 })
  assert.equal(await shown.textContent(), shownMethod)
  await page.getByTestId(`solana-wallet-${decision}`).click()
  const outcome = await pending
  await page.getByTestId('solana-wallet-panel').waitFor({ state: 'hidden', timeout: 10_000 })
  return outcome
}

async function connected(): Promise<OpenedPage> {
  const opened = await openContext(browser)
  await gotoTestPage(opened.page, pageUrl)
  const outcome = await decide(opened.page, 'approve', 'standard:connect', 'connect')
  assert.equal(outcome.result?.[0]?.address, ALICE.publicKey)
  return opened
}

describe('AppKit Solana Test Wallet', () => {
  test('registers through the Wallet Standard with its chains and features', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      // The genesis check at install confirms the local runtime's CAIP id (already a default chain).
      await waitUntil(
        async () => (await api(page, 'describe')).chains.includes(solana.caipNetworkId),
        5000,
        'registered'
      )
      const wallet = await api(page, 'describe')
      assert.equal(wallet.name, 'AppKit Solana Test Wallet')
      assert.equal(wallet.version, '1.0.0')
      assert.match(wallet.icon, /^data:image\/svg\+xml;base64,/)
      assert.ok(wallet.chains.includes('solana:localnet'))
      assert.ok(wallet.chains.includes(solana.caipNetworkId), `${solana.caipNetworkId} in ${wallet.chains.join(', ')}`)
      assert.ok(wallet.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
      for (const feature of [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
        'solana:signMessage'
      ]) {
        assert.ok(wallet.features.includes(feature), feature)
      }
      assert.deepEqual(wallet.accounts, [])
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('connect: a silent connect never asks; the panel approves (account, change event) or rejects (4001)', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      await api(page, 'listen')
      assert.deepEqual(await api(page, 'connect', true), { result: [] })
      assert.equal(await page.getByTestId('solana-wallet-panel').isVisible(), false)

      const rejected = await decide(page, 'reject', 'standard:connect', 'connect')
      assert.deepEqual(rejected, { error: { code: 4001, message: 'User rejected the request.' } })

      const approved = await decide(page, 'approve', 'standard:connect', 'connect')
      const account = approved.result?.[0]
      assert.equal(account?.address, ALICE.publicKey)
      assert.deepEqual(account?.publicKey, ALICE.secretKey.slice(32))
      assert.ok(account?.chains.includes('solana:localnet'))
      assert.deepEqual(
        (await api(page, 'changes')).filter(c => c.accounts).map(c => c.accounts),
        [[ALICE.publicKey]]
      )

      // A reload: a silent connect now returns the account without asking.
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      const silent = await api(page, 'connect', true)
      assert.equal(silent.result?.[0]?.address, ALICE.publicKey)

      // Disconnect forgets the site.
      assert.deepEqual(await api(page, 'disconnect'), { result: undefined })
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      assert.deepEqual(await api(page, 'connect', true), { result: [] })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('signAndSendTransaction: an approved SOL transfer is confirmed on the local runtime', async () => {
    const { context, page, problems } = await connected()
    try {
      const bobBefore = await balance(BOB.publicKey)
      const lamports = 250_000_000
      const refused = await decide(
        page,
        'reject',
        'solana:signAndSendTransaction',
        'signAndSend',
        await transfer(BOB.publicKey, lamports),
        'solana:localnet'
      )
      assert.equal(refused.error?.code, 4001)

      const tx = await transfer(BOB.publicKey, lamports)
      const pending = api(page, 'signAndSend', tx, solana.caipNetworkId, { commitment: 'confirmed' })
      const summary = page.getByTestId('solana-wallet-summary')
      await summary.waitFor({ state: 'visible' })
      assert.match((await summary.textContent()) ?? '', new RegExp(`Transfer 0\\.25 SOL to ${BOB.publicKey}`))
      await page.getByTestId('solana-wallet-approve').click()
      const sent = await pending
      assert.equal(typeof sent.result, 'string', JSON.stringify(sent))
      const statuses = await rpc<{ value: ({ err: unknown; confirmationStatus: string } | null)[] }>(
        'getSignatureStatuses',
        [[sent.result]]
      )
      assert.equal(statuses.value[0]?.err, null)
      assert.ok(['confirmed', 'finalized'].includes(statuses.value[0]?.confirmationStatus ?? ''))
      assert.equal(await balance(BOB.publicKey), bobBefore + lamports)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('signTransaction and signMessage: approved signatures verify; the signed transaction lands when sent', async () => {
    const { context, page, problems } = await connected()
    try {
      const carol = solanaTestAccounts[2]!.publicKey
      const carolBefore = await balance(carol)
      const unsigned = await transfer(carol, 1_000_000)
      const signed = await decide(page, 'approve', 'solana:signTransaction', 'signTransaction', unsigned)
      const transaction = VersionedTransaction.deserialize(Uint8Array.from(signed.result!))
      const alice = Keypair.fromSecretKey(Uint8Array.from(ALICE.secretKey))
      assert.equal(transaction.message.staticAccountKeys[0]!.toBase58(), alice.publicKey.toBase58())
      const publicKey = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(ALICE.secretKey.slice(32)).toString('base64url') },
        format: 'jwk'
      })
      assert.equal(verify(null, transaction.message.serialize(), publicKey, transaction.signatures[0]!), true)
      const signature = await rpc<string>('sendTransaction', [
        Buffer.from(transaction.serialize()).toString('base64'),
        { encoding: 'base64' }
      ])
      await waitUntil(
        async () => {
          const { value } = await rpc<{ value: ({ confirmationStatus: string } | null)[] }>('getSignatureStatuses', [
            [signature]
          ])
          return Boolean(value[0])
        },
        5000,
        'the signed transaction landed'
      )
      assert.equal(await balance(carol), carolBefore + 1_000_000)

      const text = 'Sign in to appkit-elements (Solana)'
      const message = await decide(page, 'approve', 'solana:signMessage', 'signMessage', text)
      assert.equal(message.result?.signedMessage, text)
      assert.equal(verify(null, Buffer.from(text), publicKey, Buffer.from(message.result!.signature)), true)

      const refused = await decide(page, 'reject', 'solana:signMessage', 'signMessage', text)
      assert.deepEqual(refused, { error: { code: 4001, message: 'User rejected the request.' } })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })
})
