/** Shared set-up of the connection tests: an app with the EVM adapter, fake wallets, fresh stores. */
import { resetTokenBalances } from '../../../src/stores/account/token-balances.js'
import { resetTransactions } from '../../../src/stores/account/transactions.js'
import { resetAccountTab } from '../../../src/stores/account/account-tab.js'
import { resetNfts } from '../../../src/stores/account/nfts.js'
import { setNftClient, type NftClient } from '../../../src/api/nft-client.js'
import type { Nft } from '../../../src/api/schemas/nfts.js'
import { setHistoryClient, type HistoryClient } from '../../../src/api/history-client.js'
import type { HistoryResponse } from '../../../src/api/schemas/history.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { resetEvmDiscovery } from '../../../src/adapters/evm/connectors.js'
import { setAccountClient, type AccountClient } from '../../../src/api/account-client.js'
import { parseOptions, type AppKitOptionsInput } from '../../../src/config/options.js'
import { bsc, localChainA, localChainB, mainnet } from '../../../src/networks/definitions.js'
import type { CaipNetwork } from '../../../src/networks/types.js'
import { resetAccount } from '../../../src/stores/account.js'
import { resetAccountDetails } from '../../../src/stores/account/account-details.js'
import { resetConnection } from '../../../src/stores/connect/connection.js'
import { resetConnectors } from '../../../src/stores/connect/connectors.js'
import { resetModal } from '../../../src/stores/modal.js'
import { configureNetworks, resetNetwork } from '../../../src/stores/network.js'
import { resetNetworkSwitch } from '../../../src/stores/networks/network-switch.js'
import { resetOptions, setOptions } from '../../../src/stores/options.js'
import { resetReconnect } from '../../../src/stores/connect/start-connection.js'
import { resetRouter } from '../../../src/stores/router.js'
import { resetToast } from '../../../src/stores/toast.js'
import { resetWalletConnect } from '../../../src/stores/connect/walletconnect.js'
import { resetWalletConnectSession } from '../../../src/stores/connect/walletconnect-session.js'
import type { AnnouncedWallet } from '../../fixtures/eip1193-provider.js'

export const TEST_NETWORKS: readonly CaipNetwork[] = [mainnet, bsc, localChainA, localChainB]

const installed: AnnouncedWallet[] = []

/** Keeps an announced wallet to uninstall after the test. */
export function track(wallet: AnnouncedWallet): AnnouncedWallet {
  installed.push(wallet)
  return wallet
}

/** What the fake backend answers, and what it was asked. */
export interface FakeAccountClient extends AccountClient {
  /** Each nativeBalance call: '<caipNetworkId>:<address>', with ' force' when forceUpdate was asked. */
  readonly balanceCalls: string[]
  readonly identityCalls: string[]
  /** Each tokenBalances call: '<caipNetworkId>:<address>', with ' force' when forceUpdate was asked. */
  readonly tokenBalanceCalls: string[]
  tokenBalancesAnswer: readonly TokenBalance[] | Error
  nativeBalanceAnswer: { balance: string; symbol: string } | undefined | Error
  identityAnswer: { name: string | null; avatar: string | null } | Error
}

export function createFakeAccountClient(): FakeAccountClient {
  const client: FakeAccountClient = {
    balanceCalls: [],
    identityCalls: [],
    tokenBalanceCalls: [],
    tokenBalancesAnswer: [],
    nativeBalanceAnswer: undefined,
    identityAnswer: { name: null, avatar: null },
    trustedOrigins: ['http://127.0.0.1:8787'],
    async nativeBalance(address, caipNetworkId, options = {}) {
      client.balanceCalls.push(`${caipNetworkId}:${address}${options.forceUpdate ? ' force' : ''}`)
      if (client.nativeBalanceAnswer instanceof Error) throw client.nativeBalanceAnswer
      return client.nativeBalanceAnswer
    },
    async tokenBalances(address, caipNetworkId, options = {}) {
      client.tokenBalanceCalls.push(`${caipNetworkId}:${address}${options.forceUpdate ? ' force' : ''}`)
      if (client.tokenBalancesAnswer instanceof Error) throw client.tokenBalancesAnswer
      return client.tokenBalancesAnswer
    },
    async identity(address) {
      client.identityCalls.push(address)
      if (client.identityAnswer instanceof Error) throw client.identityAnswer
      return client.identityAnswer
    }
  }
  return client
}

function resetStores(): void {
  resetConnection()
  resetConnectors()
  resetEvmDiscovery()
  resetReconnect()
  resetAccount()
  resetAccountDetails()
  resetTokenBalances()
  resetTransactions()
  resetAccountTab()
  resetNfts()
  resetNetworkSwitch()
  resetModal()
  resetRouter()
  resetToast()
  resetNetwork()
  resetOptions()
  resetWalletConnectSession()
  resetWalletConnect()
}

/** Fresh stores and storage, an app with the EVM adapter on TEST_NETWORKS, and a fake backend. */
export function setUpConnection(options: Partial<AppKitOptionsInput> = {}): FakeAccountClient {
  resetStores()
  localStorage.clear()
  const parsed = parseOptions({
    projectId: 'test-project',
    adapters: [evmAdapter()],
    networks: [...TEST_NETWORKS],
    // WalletConnect has its own tests (walletconnect-*.test.ts); here the lists hold the fake wallets only.
    enableWalletConnect: false,
    ...options
  })
  setOptions(parsed)
  configureNetworks(parsed.networks, parsed.defaultNetwork)
  const client = createFakeAccountClient()
  setAccountClient(client)
  return client
}

export function tearDownConnection(): void {
  for (const wallet of installed.splice(0)) wallet.uninstall()
  delete (window as { ethereum?: unknown }).ethereum
  resetStores()
  setAccountClient(undefined)
  setHistoryClient(undefined)
  setNftClient(undefined)
  localStorage.clear()
}

/** What the fake history API answers (pages by cursor, '' for the first, 'coinbase' for onramp purchases), and what it was asked. */
export interface FakeHistoryClient extends HistoryClient {
  /** Each call for a page: '<address> <chainId> <cursor or ->'. */
  readonly calls: string[]
  /** Each call for the onramp purchases: '<address> <chainId>'. */
  readonly onrampCalls: string[]
  pages: Record<string, HistoryResponse | Error>
  /** When set, answers wait for it. */
  gate: Promise<void> | undefined
}

export function setUpHistory(pages: Record<string, HistoryResponse | Error> = {}): FakeHistoryClient {
  const client: FakeHistoryClient = {
    calls: [],
    onrampCalls: [],
    pages,
    gate: undefined,
    trustedOrigins: ['http://127.0.0.1:8787'],
    async transactions(address, options = {}) {
      if (options.onramp) client.onrampCalls.push(`${address} ${options.chainId ?? '-'}`)
      else client.calls.push(`${address} ${options.chainId ?? '-'} ${options.cursor ?? '-'}`)
      await client.gate
      const page = client.pages[options.onramp ? 'coinbase' : (options.cursor ?? '')]
      if (page instanceof Error) throw page
      return page ?? { data: [], next: null }
    }
  }
  setHistoryClient(client)
  return client
}

/** Waits for a condition: see ../wait.ts. */
export { until } from '../wait.js'

/** What the fake NFT API answers, and what it was asked. */
export interface FakeNftClient extends NftClient {
  /** Each call: '<chainId>:<address>'. */
  readonly calls: string[]
  answer: readonly Nft[] | Error
}

export function setUpNfts(answer: readonly Nft[] | Error = []): FakeNftClient {
  const client: FakeNftClient = {
    calls: [],
    answer,
    trustedOrigins: ['http://127.0.0.1:8787'],
    async nfts(address, options) {
      client.calls.push(`${options.chainId}:${address}`)
      if (client.answer instanceof Error) throw client.answer
      return client.answer
    }
  }
  setNftClient(client)
  return client
}
