/** Shared set-up of the Send tests: a fake EVM wallet connected on Ethereum, a fake chain RPC, a fake name API. */
import sinon from 'sinon'
import { setNameClient } from '../../../src/api/name-client.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { forgetResolvedNames, resetSendForm } from '../../../src/stores/send/form.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { createFakeNameClient, type FakeNameClient } from '../../fixtures/names.js'
import { evmTokenBalances } from '../../fixtures/tokens.js'
import { setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from '../connect/support.js'
import { $account } from '../../../src/stores/account.js'
import { $tokenBalances, refreshTokenBalances } from '../../../src/stores/account/token-balances.js'

/** What the fake chain answers: a plain transfer's gas, 1 gwei. */
export const GAS = 21_000n
export const GAS_PRICE = 1_000_000_000n
export const USDC = evmTokenBalances[1] as TokenBalance
export const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

/** The JSON-RPC calls the fake chain was asked (eth_estimateGas, eth_gasPrice), in order. */
export interface FakeChain {
  readonly calls: { method: string; params: unknown }[]
  /** Makes eth_estimateGas answer with a JSON-RPC error (a transfer that would revert). */
  failEstimate: boolean
  /** The status eth_getTransactionReceipt answers ('0x1' mined and succeeded, '0x0' reverted). */
  receiptStatus: string
}

/**
 * Stubs fetch for Ethereum's RPC URL only (a chain cannot run inside the browser runner; the
 * end-to-end tests send on the real local chains): it answers eth_estimateGas, eth_gasPrice and
 * eth_getTransactionReceipt.
 */
export function fakeChain(rpcUrl = 'https://eth.merkle.io'): FakeChain {
  const chain: FakeChain = { calls: [], failEstimate: false, receiptStatus: '0x1' }
  const realFetch = window.fetch.bind(window)
  sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.startsWith(rpcUrl)) return realFetch(input, init)
    const body = JSON.parse(String(init?.body)) as unknown
    const answer = (call: { id: number; method: string; params: unknown }) => {
      chain.calls.push({ method: call.method, params: call.params })
      if (call.method === 'eth_estimateGas' && chain.failEstimate)
        return { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted' } }
      const result =
        call.method === 'eth_estimateGas'
          ? `0x${GAS.toString(16)}`
          : call.method === 'eth_gasPrice'
            ? `0x${GAS_PRICE.toString(16)}`
            : call.method === 'eth_getTransactionReceipt'
              ? { status: chain.receiptStatus }
              : null
      return { jsonrpc: '2.0', id: call.id, result }
    }
    const reply = Array.isArray(body) ? body.map(entry => answer(entry as never)) : answer(body as never)
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })
  })
  return chain
}

/**
 * The fake name API: `names` maps a name to its Ethereum address; any other name is not found.
 * A name in `slow` answers after that many milliseconds.
 */
export function fakeNames(
  names: Record<string, string>,
  slow: Record<string, number> = {}
): { readonly asked: string[]; readonly client: FakeNameClient } {
  const client = createFakeNameClient(names)
  for (const [name, ms] of Object.entries(slow)) client.delays.set(name, ms)
  setNameClient(client)
  return { asked: client.profileCalls, client }
}

export interface SendSetUp {
  readonly backend: FakeAccountClient
  readonly provider: FakeEip1193Provider
  readonly chain: FakeChain
}

/**
 * An app on the test networks with the fake wallet connected on Ethereum (1.23456 ETH), the
 * backend's Tokens list (ETH and USDC), and the fake chain.
 */
export async function connectForSend(options: Parameters<typeof setUpConnection>[0] = {}): Promise<SendSetUp> {
  const backend = setUpConnection(options)
  backend.tokenBalancesAnswer = evmTokenBalances
  const chain = fakeChain()
  const provider = new FakeEip1193Provider({ chainId: 1, balance: 1_234_560_000_000_000_000n })
  track(announceWallet(provider, { rdns: 'com.example.fake', name: 'Fake Wallet' }))
  await loadConnectors()
  await connect('com.example.fake')
  await until(() => $account.get().balance !== undefined, 'the native balance')
  await refreshTokenBalances()
  await until(() => $tokenBalances.get().status === 'ready', 'the Tokens list')
  return { backend, provider, chain }
}

export function tearDownSend(): void {
  sinon.restore()
  setNameClient(undefined)
  forgetResolvedNames()
  resetSendForm()
  tearDownConnection()
}
