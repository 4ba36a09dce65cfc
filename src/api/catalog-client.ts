import { HttpClient } from './http-client.js'
import { formatNativeLink } from '../utils/deep-link.js'
import { isSafeUrl } from '../utils/safe-url.js'
import type { GetWalletsResponse, WalletCatalogItem } from './schemas/catalog.js'
import { createWalletCatalogApi, type GetWalletsOptions } from './wallet-catalog-api.js'

/**
 * What the wallets store needs of the wallet-provider catalog API (docs/behaviour.md section 7). Entries
 * come back already parsed with zod (getWalletsResponseSchema); URLs in them are still untrusted.
 */
export interface CatalogClient {
  getWallets(options: GetWalletsOptions): Promise<GetWalletsResponse>
  /** The URL of a wallet's image by its image id; throws for an id that is not a plain path segment. */
  walletImageUrl(imageId: string): string
  /** Origins whose plain-http URLs are safe besides https (the configured backend's own origin). */
  readonly trustedOrigins: readonly string[]
}

/** Where the catalog lives and who asks: createAppKit's projectId and apiUrl. */
export interface CatalogClientConfig {
  readonly projectId: string
  readonly apiUrl: string | undefined
}

/** No catalog can be asked: createAppKit was given no apiUrl. */
export class CatalogUnavailableError extends Error {
  override readonly name = 'CatalogUnavailableError'
  constructor() {
    super('The wallet catalog is not configured: pass apiUrl to createAppKit')
  }
}

let injected: CatalogClient | undefined
let cached: { readonly key: string; readonly client: CatalogClient } | undefined

/**
 * Replaces the catalog client that getCatalogClient returns (tests and stories inject a fake; an app
 * shell that already made its API clients may hand its own). undefined returns to the default.
 */
export function setCatalogClient(client: CatalogClient | undefined): void {
  injected = client
}

/**
 * The catalog client for the current options: the injected one, else one over `apiUrl` (made once
 * per projectId and apiUrl). Only the catalog's own code is loaded: no blockchain or analytics client.
 */
export function getCatalogClient(config: CatalogClientConfig | undefined): CatalogClient {
  if (injected) return injected
  if (!config?.apiUrl) throw new CatalogUnavailableError()
  const key = `${config.projectId}\u0000${config.apiUrl}`
  if (cached?.key !== key) cached = { key, client: createCatalogClient(config.projectId, config.apiUrl) }
  return cached.client
}

function createCatalogClient(projectId: string, apiUrl: string): CatalogClient {
  const api = createWalletCatalogApi(new HttpClient({ projectId, baseUrl: apiUrl }))
  return {
    getWallets: options => api.getWallets(options),
    walletImageUrl: imageId => api.imageUrl('wallet', imageId),
    trustedOrigins: [apiUrl]
  }
}

/**
 * A wallet of the catalog as the kit keeps it. The catalog is untrusted: its entries were parsed with
 * zod by the client; here names stay plain text (rendered as text, never as markup) and an image or
 * link URL is kept only when isSafeUrl allows it (https, or the configured backend's origin).
 */
export interface CatalogWallet {
  readonly id: string
  readonly name: string
  /** The catalog's image id, kept so the wallet can be stored and rebuilt (recent wallets). */
  readonly imageId: string | undefined
  /** Where its image loads from: a safe URL, or undefined for the initials placeholder. */
  readonly imageUrl: string | undefined
  readonly rdns: string | undefined
  readonly mobileLink: string | undefined
  readonly desktopLink: string | undefined
  readonly webappLink: string | undefined
  readonly chains: readonly string[]
}

function safeUrl(url: string | null | undefined, client: CatalogClient): string | undefined {
  return url && isSafeUrl(url, client.trustedOrigins) ? url : undefined
}

/**
 * A wallet app link: a safe web link, or a custom scheme ('metamask://') that formatNativeLink
 * accepts (never javascript:, data: and the like).
 */
function appLink(url: string | null | undefined, client: CatalogClient): string | undefined {
  if (!url) return undefined
  return safeUrl(url, client) ?? (formatNativeLink(url, 'wc:check@2') ? url : undefined)
}

function imageUrlOf(item: WalletCatalogItem, client: CatalogClient): string | undefined {
  if (!item.image_id) return undefined
  try {
    return safeUrl(client.walletImageUrl(item.image_id), client)
  } catch {
    return undefined
  }
}

/** A parsed catalog entry as the kit keeps it: unsafe URLs dropped, the name trimmed. */
export function toCatalogWallet(item: WalletCatalogItem, client: CatalogClient): CatalogWallet {
  return {
    id: item.id,
    name: item.name.trim() || 'Unnamed wallet',
    imageId: item.image_id ?? undefined,
    imageUrl: imageUrlOf(item, client),
    rdns: item.rdns ?? undefined,
    mobileLink: appLink(item.mobile_link, client),
    desktopLink: appLink(item.desktop_link, client),
    webappLink: safeUrl(item.webapp_link, client),
    chains: item.chains ?? []
  }
}

/** The wire form of a kept wallet (what storage keeps for recent wallets); only its safe links survive. */
export function toCatalogItem(wallet: CatalogWallet): WalletCatalogItem {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: wallet.imageId ?? null,
    rdns: wallet.rdns ?? null,
    mobile_link: wallet.mobileLink ?? null,
    desktop_link: wallet.desktopLink ?? null,
    webapp_link: wallet.webappLink ?? null,
    chains: [...wallet.chains]
  }
}
