import type { HttpClient } from './http-client.js'
import {
  CATALOG_IMAGE_PATHS,
  getWalletsResponseSchema,
  imageIdSchema,
  originsResponseSchema,
  projectConfigResponseSchema,
  type CatalogImageKind
} from './schemas/index.js'

export interface GetWalletsOptions {
  page: number
  entries: number
  search?: string
  include?: readonly string[]
  exclude?: readonly string[]
  badge_type?: 'none' | 'certified'
  /** CAIP-2 chain ids. */
  chains?: readonly string[]
  signal?: AbortSignal
}

const nonEmpty = (list: readonly string[] | undefined) => (list && list.length > 0 ? list : undefined)

/**
 * The wallet-provider catalog API (docs/behaviour.md section 7). The HTTP client adds projectId, st and sv
 * (and clientId) to every call as query parameters.
 */
export function createWalletCatalogApi(http: HttpClient) {
  return {
    getWallets: (options: GetWalletsOptions) =>
      http.get('/getWallets', getWalletsResponseSchema, {
        query: {
          page: options.page,
          entries: options.entries,
          search: options.search || undefined,
          include: nonEmpty(options.include),
          exclude: nonEmpty(options.exclude),
          badge_type: options.badge_type,
          chains: nonEmpty(options.chains)
        },
        signal: options.signal
      }),

    getConfig: () => http.get('/appkit/v1/config', projectConfigResponseSchema),

    /** The project's allowed origin patterns; [] when they cannot be had (docs/behaviour.md section 7). */
    async getOrigins(): Promise<string[]> {
      try {
        return (await http.get('/projects/v1/origins', originsResponseSchema)).allowedOrigins
      } catch {
        return []
      }
    },

    /** The URL of a catalog image (wallet, asset, currency or token) by id. */
    imageUrl(kind: CatalogImageKind, id: string): string {
      return http.url(CATALOG_IMAGE_PATHS[kind] + encodeURIComponent(imageIdSchema.parse(id)))
    }
  }
}

export type WalletCatalogApi = ReturnType<typeof createWalletCatalogApi>
