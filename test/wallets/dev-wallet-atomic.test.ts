/**
 * The AppKit Dev Wallet with `atomic: true` (EIP-5792 batches all-or-nothing, by evm_snapshot and
 * evm_revert) in Chromium against the real local chains (test/wallets/dev-wallet-stack.ts starts
 * them, the test page and Chromium). Every batch is approved in the wallet's own panel.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { encodeFunctionData, type Address, type Hex } from 'viem'
import { testTokenAbi } from '../../local/chain/abis.js'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import {
  CHAIN_A_HEX,
  CHAIN_B_HEX,
  WALLET,
  browser,
  call,
  chains,
  clientA,
  connected,
  decide,
  page$,
  pageUrl,
  useDevWalletStack
} from './dev-wallet-stack.js'
import { rpcProxy } from './helpers.js'

useDevWalletStack()

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
    // Never viem's cached number (kept for the client's 4 s polling interval): a block mined by the
    // test before would be missed.
    block: await clientA.getBlockNumber({ cacheTime: 0 }),
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
