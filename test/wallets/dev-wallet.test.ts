/**
 * The AppKit Dev Wallet in Chromium against the real local chains: this file starts chain A and
 * chain B on free ports (chain/start.ts), builds and serves the test page (strict CSP), and stops
 * everything it started. Every signing or sending request is decided in the wallet's own panel.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
  type Address,
  type Hex,
  type PublicClient
} from 'viem'
import { startChains, type LocalChains } from '../../chain/start.js'
import { testTokenAbi } from '../../chain/abis.js'
import { CONTRACTS, TEST_ACCOUNTS, localViemChain } from '../../chain/deployment.js'
import {
  TEST_PAGE_CSP,
  buildTestPage,
  gotoTestPage,
  launchChromium,
  openContext,
  rpcProxy,
  serveDirectory,
  waitUntil,
  type OpenedPage
} from './helpers.js'

type Outcome = { result?: unknown; error?: { code?: number; message: string } }
interface WalletTestWindow {
  walletTest: {
    announced: { uuid: string; name: string; rdns: string; icon: string }[]
    events: { event: string; args: unknown[] }[]
    announce(): void
    request(method: string, params?: unknown): Promise<Outcome>
  }
}

/** The Dev Wallet's default account: hardhat's #1. */
const WALLET = TEST_ACCOUNTS[1]!.address
const CHAIN_A_HEX = '0x7a69'
const CHAIN_B_HEX = '0x7a6a'

let chains: LocalChains
let page$: { url: string; close(): Promise<void> }
let removePage: () => void
let browser: Browser
let pageUrl: string
let clientA: PublicClient
let clientB: PublicClient

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

function call(page: Page, method: string, params?: unknown): Promise<Outcome> {
  return page.evaluate(([m, p]) => (window as unknown as WalletTestWindow).walletTest.request(m as string, p), [
    method,
    params
  ] as const)
}

function events(page: Page) {
  return page.evaluate(() => (window as unknown as WalletTestWindow).walletTest.events)
}

/** Starts a request, waits for the panel to show it, clicks Approve or Reject, returns the outcome. */
async function decide(page: Page, decision: 'approve' | 'reject', method: string, params?: unknown): Promise<Outcome> {
  const pending = call(page, method, params)
  const shown = page.getByTestId('dev-wallet-method')
  await shown.waitFor({ state: 'visible', timeout: 10_000 })
  assert.equal(await shown.textContent(), method)
  await page.getByTestId(`dev-wallet-${decision}`).click()
  const outcome = await pending
  await page.getByTestId('dev-wallet-panel').waitFor({ state: 'hidden', timeout: 10_000 })
  return outcome
}

async function connected(browser: Browser, url = pageUrl): Promise<OpenedPage> {
  const opened = await openContext(browser)
  await gotoTestPage(opened.page, url)
  const outcome = await decide(opened.page, 'approve', 'eth_requestAccounts')
  assert.deepEqual(outcome, { result: [WALLET] })
  return opened
}

describe('AppKit Dev Wallet', () => {
  test('announces itself over EIP-6963 and answers eip6963:requestProvider', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      const first = await page.evaluate(() => (window as unknown as WalletTestWindow).walletTest.announced)
      assert.equal(first.length, 1)
      const info = first[0]!
      assert.equal(info.name, 'AppKit Dev Wallet')
      assert.equal(info.rdns, 'dev.appkit.wallet')
      assert.match(info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      assert.match(info.icon, /^data:image\/svg\+xml;base64,/)
      await page.evaluate(() => (window as unknown as WalletTestWindow).walletTest.announce())
      const again = await page.evaluate(() => (window as unknown as WalletTestWindow).walletTest.announced)
      assert.equal(again.length, 2)
      assert.deepEqual(again[1], info)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('eth_requestAccounts shows the panel; approve gives the account, reject gives 4001', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_A_HEX })
      // Nothing signs before a connection.
      const early = await call(page, 'personal_sign', ['0x68656c6c6f', WALLET])
      assert.equal(early.error?.code, 4100)

      const rejected = await decide(page, 'reject', 'eth_requestAccounts')
      assert.deepEqual(rejected, { error: { code: 4001, message: 'User rejected the request.' } })
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })

      // The panel shows the request's summary: the account and the network.
      const pending = call(page, 'eth_requestAccounts')
      const summary = page.getByTestId('dev-wallet-summary')
      await summary.waitFor({ state: 'visible' })
      assert.match((await summary.textContent()) ?? '', new RegExp(WALLET))
      await page.getByTestId('dev-wallet-approve').click()
      assert.deepEqual(await pending, { result: [WALLET] })
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [WALLET] })
      await waitUntil(
        async () => (await events(page)).some(e => e.event === 'accountsChanged'),
        5000,
        'accountsChanged'
      )
      await waitUntil(async () => (await events(page)).some(e => e.event === 'connect'), 10_000, 'connect')
      const seen = await events(page)
      assert.deepEqual(
        seen.filter(e => e.event === 'accountsChanged'),
        [{ event: 'accountsChanged', args: [[WALLET]] }]
      )
      // The probe at install reached chain A: `connect` with its chain id.
      assert.deepEqual(
        seen.find(e => e.event === 'connect'),
        { event: 'connect', args: [{ chainId: CHAIN_A_HEX }] }
      )
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('personal_sign and eth_signTypedData_v4: approved signatures verify with viem; a rejection is 4001', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const message = 'Sign in to appkit-elements\nNonce: 42'
      const hexMessage = `0x${Buffer.from(message).toString('hex')}` as Hex
      const signed = await decide(page, 'approve', 'personal_sign', [hexMessage, WALLET])
      assert.equal(typeof signed.result, 'string')
      assert.equal(await verifyMessage({ address: WALLET, message, signature: signed.result as Hex }), true)

      const refused = await decide(page, 'reject', 'personal_sign', [hexMessage, WALLET])
      assert.deepEqual(refused, { error: { code: 4001, message: 'User rejected the request.' } })

      // Another account is not this wallet's to sign for.
      const other = await call(page, 'personal_sign', [hexMessage, TEST_ACCOUNTS[0]!.address])
      assert.equal(other.error?.code, 4100)

      const typedData = {
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' }
          ],
          Mail: [
            { name: 'to', type: 'address' },
            { name: 'contents', type: 'string' },
            { name: 'amount', type: 'uint256' }
          ]
        },
        primaryType: 'Mail',
        domain: {
          name: 'AppKit',
          version: '1',
          chainId: 31337,
          verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC'
        },
        message: { to: TEST_ACCOUNTS[2]!.address, contents: 'Hello', amount: '1000' }
      } as const
      const typed = await decide(page, 'approve', 'eth_signTypedData_v4', [WALLET, JSON.stringify(typedData)])
      assert.equal(
        await verifyTypedData({
          address: WALLET,
          domain: typedData.domain,
          types: { Mail: typedData.types.Mail },
          primaryType: 'Mail',
          message: { ...typedData.message, amount: 1000n },
          signature: typed.result as Hex
        }),
        true
      )
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('eth_sendTransaction approved moves ETH on chain A; rejected moves nothing', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const recipient = '0x000000000000000000000000000000000000dEaD' as Address
      const before = await clientA.getBalance({ address: recipient })
      const value = parseEther('1.25')
      const tx = { from: WALLET, to: recipient, value: `0x${value.toString(16)}` }

      const refused = await decide(page, 'reject', 'eth_sendTransaction', [tx])
      assert.equal(refused.error?.code, 4001)
      assert.equal(await clientA.getBalance({ address: recipient }), before)

      const pending = call(page, 'eth_sendTransaction', [tx])
      const method = page.getByTestId('dev-wallet-method')
      await method.waitFor({ state: 'visible' })
      assert.equal(await method.textContent(), 'eth_sendTransaction')
      assert.match((await page.getByTestId('dev-wallet-summary').textContent()) ?? '', /1\.25 ETH/)
      await page.getByTestId('dev-wallet-approve').click()
      const sent = await pending
      assert.match(String(sent.result), /^0x[0-9a-f]{64}$/)
      const receipt = await clientA.waitForTransactionReceipt({ hash: sent.result as Hex })
      assert.equal(receipt.status, 'success')
      assert.equal(receipt.from.toLowerCase(), WALLET.toLowerCase())
      assert.equal(await clientA.getBalance({ address: recipient }), before + value)

      // Reads go to the chain: the wallet's eth_getBalance agrees with viem's.
      const balance = await call(page, 'eth_getBalance', [recipient, 'latest'])
      assert.equal(BigInt(balance.result as string), before + value)
      // Signing methods are never proxied to the node (it holds unlocked keys).
      assert.equal((await call(page, 'eth_sign', [WALLET, '0x00'])).error?.code, 4200)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('wallet_switchEthereumChain: to 31338 emits chainChanged and sends there; an unknown chain is 4902 until added', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_B_HEX }]), { result: null })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })
      await waitUntil(async () => (await events(page)).some(e => e.event === 'chainChanged'), 5000, 'chainChanged')
      assert.deepEqual(
        (await events(page)).filter(e => e.event === 'chainChanged'),
        [{ event: 'chainChanged', args: [CHAIN_B_HEX] }]
      )

      const recipient = '0x000000000000000000000000000000000000bEEF' as Address
      const beforeA = await clientA.getBalance({ address: recipient })
      const beforeB = await clientB.getBalance({ address: recipient })
      const sent = await decide(page, 'approve', 'eth_sendTransaction', [
        { from: WALLET, to: recipient, value: '0xde0b6b3a7640000' }
      ])
      await clientB.waitForTransactionReceipt({ hash: sent.result as Hex })
      assert.equal(await clientB.getBalance({ address: recipient }), beforeB + 10n ** 18n)
      assert.equal(await clientA.getBalance({ address: recipient }), beforeA)

      const unknown = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])
      assert.equal(unknown.error?.code, 4902)
      assert.match(unknown.error?.message ?? '', /Unrecognized chain ID "0x539"/)
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })

      const added = await call(page, 'wallet_addEthereumChain', [
        {
          chainId: '0x539',
          chainName: 'Another local chain',
          rpcUrls: [chains.chains[0]!.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
        }
      ])
      assert.deepEqual(added, { result: null })
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }]), { result: null })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: '0x539' })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('a reload keeps the connection and the chosen chain: eth_accounts answers without asking', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_B_HEX }]), { result: null })
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [WALLET] })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })
      assert.equal(await page.getByTestId('dev-wallet-panel').isVisible(), false)

      // Revoking forgets it: after another reload eth_accounts is empty.
      assert.deepEqual(await call(page, 'wallet_revokePermissions', [{ eth_accounts: {} }]), { result: null })
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('wallet_sendCalls sends every call after one approval; wallet_getCallsStatus and wallet_getCapabilities answer', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const capabilities = await call(page, 'wallet_getCapabilities', [WALLET])
      assert.deepEqual(capabilities, {
        result: {
          [CHAIN_A_HEX]: { atomic: { status: 'unsupported' } },
          [CHAIN_B_HEX]: { atomic: { status: 'unsupported' } }
        }
      })
      const one = '0x0000000000000000000000000000000000000C01' as Address
      const two = '0x0000000000000000000000000000000000000C02' as Address
      const sent = await decide(page, 'approve', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          from: WALLET,
          atomicRequired: false,
          calls: [
            { to: one, value: '0x1000' },
            { to: two, value: '0x2000' }
          ]
        }
      ])
      const id = (sent.result as { id: string }).id
      assert.match(id, /^0x[0-9a-f]{64}$/)
      const status = await call(page, 'wallet_getCallsStatus', [id])
      const result = status.result as {
        status: number
        atomic: boolean
        chainId: string
        receipts: { status: string }[]
      }
      assert.equal(result.status, 200)
      assert.equal(result.chainId, CHAIN_A_HEX)
      assert.equal(result.atomic, false)
      assert.deepEqual(
        result.receipts.map(r => r.status),
        ['0x1', '0x1']
      )
      assert.equal(await clientA.getBalance({ address: one }), 0x1000n)
      assert.equal(await clientA.getBalance({ address: two }), 0x2000n)

      assert.equal((await call(page, 'wallet_getCallsStatus', ['0xnope'])).error?.code, 5730)
      const atomic = await call(page, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: CHAIN_A_HEX, atomicRequired: true, calls: [{ to: one, value: '0x1' }] }
      ])
      assert.equal(atomic.error?.code, 5760)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })
})

interface CallsStatus {
  version: string
  id: string
  chainId: string
  atomic: boolean
  status: number
  receipts: { status: string; transactionHash: Hex; logs: unknown[] }[]
}

const transfer = (to: Address, amount: bigint) => ({
  to: CONTRACTS.tUSDC,
  data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, amount] })
})
const approve = (spender: Address, amount: bigint) => ({
  to: CONTRACTS.tUSDC,
  data: encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [spender, amount] })
})

async function status(page: Page, id: string): Promise<CallsStatus> {
  const answer = await call(page, 'wallet_getCallsStatus', [id])
  assert.equal(answer.error, undefined, JSON.stringify(answer.error))
  return answer.result as CallsStatus
}

/** Everything a batch of the wallet's could leave on chain A, to compare before and after. */
async function chainAState(...holders: Address[]) {
  return {
    block: await clientA.getBlockNumber(),
    nonce: await clientA.getTransactionCount({ address: WALLET }),
    eth: await clientA.getBalance({ address: WALLET }),
    tUSDC: await Promise.all(
      [WALLET, ...holders].map(address =>
        clientA.readContract({
          address: CONTRACTS.tUSDC,
          abi: testTokenAbi,
          functionName: 'balanceOf',
          args: [address]
        })
      )
    )
  }
}

const tUsdcOf = (address: Address) =>
  clientA.readContract({ address: CONTRACTS.tUSDC, abi: testTokenAbi, functionName: 'balanceOf', args: [address] })

describe('AppKit Dev Wallet with atomic: true', () => {
  const atomicUrl = () => `${pageUrl}&atomic=1`
  /** The test page with atomic on and chain A behind `proxyUrl`. */
  const atomicUrlVia = (proxyUrl: string) =>
    `${page$.url}/?chainA=${encodeURIComponent(proxyUrl)}&chainB=${encodeURIComponent(chains.chains[1]!.rpcUrl)}&atomic=1`

  test('wallet_getCapabilities says supported; an approve + transfer batch lands whole after one approval: 200, two receipts, atomic: true', async () => {
    const { context, page, problems } = await connected(browser, atomicUrl())
    try {
      assert.deepEqual(await call(page, 'wallet_getCapabilities', [WALLET]), {
        result: {
          [CHAIN_A_HEX]: { atomic: { status: 'supported' } },
          [CHAIN_B_HEX]: { atomic: { status: 'supported' } }
        }
      })
      const spender = TEST_ACCOUNTS[3]!.address
      const recipient = '0x0000000000000000000000000000000000000a01' as Address
      const [walletBefore, recipientBefore] = [await tUsdcOf(WALLET), await tUsdcOf(recipient)]

      const pending = call(page, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          from: WALLET,
          atomicRequired: true,
          calls: [approve(spender, 123_000_000n), transfer(recipient, 250_000_000n)]
        }
      ])
      // One panel for the whole batch, which says it is all or nothing.
      const method = page.getByTestId('dev-wallet-method')
      await method.waitFor({ state: 'visible', timeout: 10_000 })
      assert.equal(await method.textContent(), 'wallet_sendCalls')
      assert.match((await page.getByTestId('dev-wallet-summary').textContent()) ?? '', /atomic: every call or none/)
      await page.getByTestId('dev-wallet-approve').click()
      const sent = await pending
      await page.getByTestId('dev-wallet-panel').waitFor({ state: 'hidden', timeout: 10_000 })
      const id = (sent.result as { id: string }).id
      assert.match(id, /^0x[0-9a-f]{64}$/)

      const result = await status(page, id)
      assert.equal(result.status, 200)
      assert.equal(result.atomic, true)
      assert.equal(result.chainId, CHAIN_A_HEX)
      assert.deepEqual(
        result.receipts.map(r => r.status),
        ['0x1', '0x1']
      )
      for (const receipt of result.receipts) {
        assert.equal((await clientA.getTransactionReceipt({ hash: receipt.transactionHash })).status, 'success')
      }
      const allowance = await clientA.readContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'allowance',
        args: [WALLET, spender]
      })
      assert.equal(allowance, 123_000_000n)
      assert.equal(await tUsdcOf(recipient), recipientBefore + 250_000_000n)
      assert.equal(await tUsdcOf(WALLET), walletBefore - 250_000_000n)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('a batch whose second call reverts leaves nothing of the first on chain: 400, atomic: true, no receipts', async () => {
    // A proxy that only counts the raw sends: the first call is really mined before it is undone.
    const sentRaw: string[] = []
    const proxy = await rpcProxy(chains.chains[0]!.rpcUrl, ({ method, params }) => {
      if (method === 'eth_sendRawTransaction') sentRaw.push(String(params[0]))
      return undefined
    })
    const { context, page, problems } = await connected(browser, atomicUrlVia(proxy.url))
    try {
      const recipient = '0x0000000000000000000000000000000000000a02' as Address
      const balance = await tUsdcOf(WALLET)
      const before = await chainAState(recipient)
      // The second transfer wants the whole balance the first one already spent from: the node's
      // gas estimate reverts (InsufficientBalance), so it is never sent, and the first is undone.
      const sent = await decide(page, 'approve', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          from: WALLET,
          atomicRequired: true,
          calls: [transfer(recipient, 5_000_000n), transfer(recipient, balance)]
        }
      ])
      assert.equal(sentRaw.length, 1, 'the first call was sent')
      const result = await status(page, (sent.result as { id: string }).id)
      assert.equal(result.status, 400)
      assert.equal(result.atomic, true)
      assert.deepEqual(result.receipts, [])
      assert.deepEqual(await chainAState(recipient), before)

      // The chain is usable after the roll-back: the next batch lands.
      const again = await decide(page, 'approve', 'wallet_sendCalls', [
        { version: '2.0.0', chainId: CHAIN_A_HEX, atomicRequired: true, calls: [transfer(recipient, 5_000_000n)] }
      ])
      assert.equal((await status(page, (again.result as { id: string }).id)).status, 200)
      assert.equal(await tUsdcOf(recipient), before.tUSDC[1]! + 5_000_000n)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
      await proxy.close()
    }
  })

  test('a call that is mined and reverts rolls the whole batch back: 500, atomic: true, no receipts', async () => {
    // A node estimates a reverting call as an error, so the wallet would never send it: this proxy
    // answers the estimates for tUSDC itself, and the reverting transfer is mined (status 0x0).
    const sentRaw: string[] = []
    const proxy = await rpcProxy(chains.chains[0]!.rpcUrl, ({ method, params }) => {
      if (method === 'eth_sendRawTransaction') sentRaw.push(String(params[0]))
      const to = (params[0] as { to?: string } | undefined)?.to
      if (method === 'eth_estimateGas' && to?.toLowerCase() === CONTRACTS.tUSDC.toLowerCase())
        return { result: '0x30d40' }
      return undefined
    })
    const { context, page, problems } = await connected(browser, atomicUrlVia(proxy.url))
    try {
      const recipient = '0x0000000000000000000000000000000000000a03' as Address
      const balance = await tUsdcOf(WALLET)
      const before = await chainAState(recipient)
      const sent = await decide(page, 'approve', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          from: WALLET,
          // Not required, but the wallet says `supported`: it executes every batch atomically.
          atomicRequired: false,
          calls: [transfer(recipient, 5_000_000n), transfer(recipient, balance)]
        }
      ])
      assert.equal(sentRaw.length, 2, 'both calls were sent')
      const result = await status(page, (sent.result as { id: string }).id)
      assert.equal(result.status, 500)
      assert.equal(result.atomic, true)
      assert.deepEqual(result.receipts, [])
      // Both mined transactions are gone: the nonce, the gas and the first transfer included.
      assert.deepEqual(await chainAState(recipient), before)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
      await proxy.close()
    }
  })

  test('on a chain without evm_snapshot: atomicRequired is refused with 5760, other batches go one after another (atomic: false)', async () => {
    const proxy = await rpcProxy(chains.chains[0]!.rpcUrl, ({ method }) =>
      method === 'evm_snapshot' ? { error: { code: -32601, message: 'Method not found' } } : undefined
    )
    const { context, page, problems } = await connected(browser, atomicUrlVia(proxy.url))
    try {
      const recipient = '0x0000000000000000000000000000000000000a04' as Address
      const before = await chainAState(recipient)
      const refused = await decide(page, 'approve', 'wallet_sendCalls', [
        { version: '2.0.0', chainId: CHAIN_A_HEX, atomicRequired: true, calls: [transfer(recipient, 1_000_000n)] }
      ])
      assert.equal(refused.error?.code, 5760)
      assert.match(refused.error?.message ?? '', /evm_snapshot/)
      assert.deepEqual(await chainAState(recipient), before)

      const sent = await decide(page, 'approve', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          atomicRequired: false,
          calls: [transfer(recipient, 1_000_000n), transfer(recipient, 2_000_000n)]
        }
      ])
      const result = await status(page, (sent.result as { id: string }).id)
      assert.equal(result.status, 200)
      assert.equal(result.atomic, false)
      assert.deepEqual(
        result.receipts.map(r => r.status),
        ['0x1', '0x1']
      )
      assert.equal(await tUsdcOf(recipient), before.tUSDC[1]! + 3_000_000n)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
      await proxy.close()
    }
  })
})
