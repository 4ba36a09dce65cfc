import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import { projectImageUrl } from './project-url.js'
import { historyResponseSchema, type HistoryResponse, type Transaction } from './schemas/history.js'
import { backendServes } from './supported-chains.js'

/**
 * The account's transaction history (docs/behaviour.md section 7: GET /v1/account/{account}/history). Its
 * own module so that the history schemas load with the Activity tab, not with the connection.
 */
export interface HistoryClient {
  /**
   * One page of the account's transactions, newest first, and the cursor of the next page (null
   * on the last). `onramp: 'coinbase'` asks for onramp purchases only, never from a cache. For a
   * `chainId` the backend does not serve, an empty page without asking (docs/behaviour.md section 5).
   */
  transactions(
    address: string,
    options?: {
      readonly cursor?: string | undefined
      readonly chainId?: string | undefined
      readonly onramp?: 'coinbase'
      readonly signal?: AbortSignal
    }
  ): Promise<HistoryResponse>
  /** Origins whose plain-http URLs (an NFT preview, an icon) are safe besides https: the backend's. */
  readonly trustedOrigins: readonly string[]
}

export interface HistoryClientConfig {
  readonly projectId: string
  readonly apiUrl: string | undefined
}

const slot = clientSlot(createHistoryClient)

/** Replaces the client getHistoryClient returns (tests and stories); undefined returns to the default. */
export function setHistoryClient(client: HistoryClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getHistoryClient(config: HistoryClientConfig | undefined): HistoryClient | undefined {
  return slot.get(config)
}

function createHistoryClient(projectId: string, apiUrl: string): HistoryClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  const withProject = projectImageUrl(http, apiUrl)
  /** Images on the backend get the project's query, like the token icons of the balance call. */
  const linked = (transaction: Transaction): Transaction => ({
    ...transaction,
    transfers: transaction.transfers.map(transfer => {
      const icon = transfer.fungible_info?.icon
      const preview = transfer.nft_info?.content?.preview
      return {
        ...transfer,
        ...(transfer.fungible_info && icon
          ? { fungible_info: { ...transfer.fungible_info, icon: { url: withProject(icon.url) } } }
          : {}),
        ...(transfer.nft_info && preview
          ? {
              nft_info: {
                ...transfer.nft_info,
                content: { ...transfer.nft_info.content, preview: { ...preview, url: withProject(preview.url) } }
              }
            }
          : {})
      }
    })
  })
  const serves = backendServes(http)
  return {
    async transactions(address, options = {}) {
      if (options.chainId !== undefined && !(await serves(options.chainId))) return { data: [], next: null }
      const page = await http.get(`/v1/account/${encodeURIComponent(address)}/history`, historyResponseSchema, {
        query: { cursor: options.cursor, chainId: options.chainId, onramp: options.onramp },
        // Onramp purchases change while the visitor waits: never from a cache (docs/behaviour.md section 7).
        ...(options.onramp ? { cache: 'no-cache' as const } : {}),
        ...(options.signal ? { signal: options.signal } : {})
      })
      return { data: page.data.map(linked), next: page.next }
    },
    trustedOrigins: [apiUrl]
  }
}
