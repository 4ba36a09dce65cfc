import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import { projectImageUrl } from './project-url.js'
import { nftsResponseSchema, type Nft } from './schemas/nfts.js'
import { backendServes } from './supported-chains.js'

/**
 * The NFTs the account holds (GET /v1/account/{account}/nfts, beside the spec's calls). Its own
 * module so that its schema loads with the NFTs tab.
 */
export interface NftClient {
  /**
   * The account's NFTs on `chainId`, images served by the backend linked with the project's query;
   * none, without asking, when the backend does not serve `chainId` (docs/behaviour.md section 5).
   */
  nfts(address: string, options: { readonly chainId: string; readonly signal?: AbortSignal }): Promise<readonly Nft[]>
  /** Origins whose plain-http images are safe besides https: the backend's. */
  readonly trustedOrigins: readonly string[]
}

export interface NftClientConfig {
  readonly projectId: string
  readonly apiUrl: string | undefined
}

const slot = clientSlot(createNftClient)

/** Replaces the client getNftClient returns (tests and stories); undefined returns to the default. */
export function setNftClient(client: NftClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getNftClient(config: NftClientConfig | undefined): NftClient | undefined {
  return slot.get(config)
}

function createNftClient(projectId: string, apiUrl: string): NftClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  const withProject = projectImageUrl(http, apiUrl)
  const serves = backendServes(http)
  return {
    async nfts(address, options) {
      if (!(await serves(options.chainId))) return []
      const answer = await http.get(`/v1/account/${encodeURIComponent(address)}/nfts`, nftsResponseSchema, {
        query: { chainId: options.chainId },
        ...(options.signal ? { signal: options.signal } : {})
      })
      return answer.data
        .filter(nft => nft.chainId === options.chainId)
        .map(nft => (nft.image ? { ...nft, image: { ...nft.image, url: withProject(nft.image.url) } } : nft))
    },
    trustedOrigins: [apiUrl]
  }
}
