import { createAnalyticsApi } from './analytics-api.js'
import { createBlockchainApi } from './blockchain-api.js'
import type { Clock } from './clock.js'
import { HttpClient, type HttpClientOptions } from './http-client.js'
import { RpcClient } from './rpc-client.js'
import { createWalletCatalogApi } from './wallet-catalog-api.js'

export * from './errors.js'
export { HttpClient } from './http-client.js'
export { RpcClient } from './rpc-client.js'
export { isSafeUrl } from '../utils/safe-url.js'
export { systemClock, type Clock } from './clock.js'
export { createBlockchainApi, type BlockchainApi } from './blockchain-api.js'
export { createWalletCatalogApi, type WalletCatalogApi } from './wallet-catalog-api.js'
export { createAnalyticsApi, type AnalyticsApi } from './analytics-api.js'

export interface ApiClientsOptions {
  projectId: string
  /** The blockchain API (createAppKit's `apiUrl`). */
  apiUrl: string
  /** The wallet catalog API; the same host as apiUrl when absent. */
  catalogUrl?: string
  /** Where analytics events go; the same host as apiUrl when absent. */
  analyticsUrl?: string
  clientId?: HttpClientOptions['clientId']
  fetch?: typeof fetch
  clock?: Clock
}

/** Every API client of the kit over the configured base URLs; the same code runs against a hosted backend. */
export function createApiClients(options: ApiClientsOptions) {
  const common = {
    projectId: options.projectId,
    clientId: options.clientId,
    fetch: options.fetch,
    clock: options.clock
  }
  const blockchainHttp = new HttpClient({ ...common, baseUrl: options.apiUrl })
  const catalogHttp = new HttpClient({ ...common, baseUrl: options.catalogUrl ?? options.apiUrl })
  const eventsHttp = new HttpClient({ ...common, baseUrl: options.analyticsUrl ?? options.apiUrl })
  return {
    blockchain: createBlockchainApi(blockchainHttp),
    catalog: createWalletCatalogApi(catalogHttp),
    analytics: createAnalyticsApi({ catalog: catalogHttp, events: eventsHttp }),
    /** A JSON-RPC client for one chain's endpoint. */
    rpc: (url: string, chainId: string) =>
      new RpcClient({ url, chainId, projectId: options.projectId, fetch: options.fetch, clock: options.clock })
  }
}

export type ApiClients = ReturnType<typeof createApiClients>
