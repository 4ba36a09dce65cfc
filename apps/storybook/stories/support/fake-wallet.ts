/**
 * A fake EIP-1193 wallet (test/fixtures/eip1193-provider.ts) announced on the story's page, with the
 * connection stores fresh: stories drive the real connect and switch actions against it.
 */
import { resetEvmDiscovery } from '../../../../src/adapters/evm/connectors.js'
import { resetConnection } from '../../../../src/stores/connect/connection.js'
import { loadConnectors, resetConnectors } from '../../../../src/stores/connect/connectors.js'
import { resetNetworkSwitch } from '../../../../src/stores/networks/network-switch.js'
import {
  FakeEip1193Provider,
  announceWallet,
  type FakeProviderOptions
} from '../../../../test/fixtures/eip1193-provider.js'

export const STORY_WALLET = { rdns: 'dev.appkit.wallet', name: 'AppKit Dev Wallet' } as const

let uninstall: (() => void) | undefined

/**
 * Forgets the previous story's wallet and connection: a story switched to in the same page (the
 * Storybook check shows one story after another) starts with no wallet announced, whichever story
 * the page showed before it.
 */
export function forgetStoryWallet(): void {
  uninstall?.()
  uninstall = undefined
  resetConnection()
  resetConnectors()
  resetEvmDiscovery()
  resetNetworkSwitch()
  for (const key of Object.keys(localStorage)) if (key.startsWith('@appkit-wallet/')) localStorage.removeItem(key)
}

/** Forgets the previous story's wallet and connection, announces a new wallet, and discovers it. */
export async function installStoryWallet(options: FakeProviderOptions = {}): Promise<FakeEip1193Provider> {
  forgetStoryWallet()
  const provider = new FakeEip1193Provider(options)
  uninstall = announceWallet(provider, STORY_WALLET).uninstall
  await loadConnectors()
  return provider
}
