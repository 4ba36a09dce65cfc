/** Shared set-up of the wagmi tests (issue 31): an app on appkit-elements/wagmi with a fake EIP-6963 wallet. */
import type { Config, Transport } from '@wagmi/core'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { wagmiAdapter, type WagmiAdapter } from '../../../src/wagmi/index.js'
import { FAKE_ADDRESS, FAKE_ADDRESS_2, FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, TEST_NETWORKS, track } from '../connect/support.js'

export const WALLET_RDNS = 'com.example.fake'

export interface WagmiApp {
  readonly adapter: WagmiAdapter
  readonly config: Config
  readonly wallet: FakeEip1193Provider
}

/** The app's networks given to both sides, a fresh kit with the wagmi adapter, and a wallet announced. */
export async function setUpWagmiApp(
  wallet = new FakeEip1193Provider({ chainId: 1, accounts: [FAKE_ADDRESS, FAKE_ADDRESS_2] }),
  transports?: Record<number, Transport>
): Promise<WagmiApp> {
  const adapter = wagmiAdapter({ networks: TEST_NETWORKS, ...(transports ? { transports } : {}) })
  setUpConnection({ adapters: [adapter], networks: [...TEST_NETWORKS] })
  track(announceWallet(wallet, { rdns: WALLET_RDNS, name: 'Fake Wallet' }))
  await loadConnectors()
  return { adapter, config: adapter.wagmiConfig, wallet }
}

export async function rejection(promise: Promise<unknown>): Promise<{ message: string; code: unknown }> {
  try {
    await promise
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: unknown }).code }
  }
  throw new Error('expected a rejection')
}
