import * as z from 'zod/mini'
import { walletCatalogItemSchema } from '../api/schemas/catalog.js'
import { SOCIAL_PROVIDERS } from '../config/constants.js'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../networks/types.js'
import { isCaip10, isCaip2 } from '../utils/caip.js'
import { storedPairingSchema } from './pairing.js'
import { createStoredValue, type StoredValue } from './stored-value.js'
import { ACTIVE_NETWORK_KEY, CONNECTIONS_KEY } from './storage-key.js'

/**
 * The entries the kit keeps in localStorage (docs/behaviour.md section 3), each under '@appkit-wallet/' with
 * its schema. Caches (with timestamps) are in caches.ts; the recent-wallets and connections
 * helpers in recent-wallets.ts and connections.ts.
 */

export const caipNetworkIdSchema = z.string().check(z.refine(isCaip2, 'a CAIP-2 network id such as "eip155:1"'))
export const caipAddressSchema = z
  .string()
  .check(z.refine(isCaip10, 'a CAIP-10 address such as "eip155:1:0xab…" with a known namespace'))
const namespaceSchema = z.enum(CHAIN_NAMESPACES)
const nonEmptyString = z.string().check(z.minLength(1))

/** A wallet connection kept for reconnecting on load, most recently used first. */
export const storedConnectionSchema = z.object({
  connectorId: nonEmptyString,
  caipAddresses: z.array(caipAddressSchema),
  /** When the connection was last used (connected, reconnected, chosen), ms since the epoch. */
  lastUsedAt: z.number()
})
export type StoredConnection = z.infer<typeof storedConnectionSchema>

export const storedConnectionsSchema = z.partialRecord(namespaceSchema, z.array(storedConnectionSchema))
export type StoredConnections = z.infer<typeof storedConnectionsSchema>

/**
 * Account types (docs/behaviour.md section 3): eoa and smartAccount; 'payment' is Bitcoin's default
 * (docs/behaviour.md section 11), 'ordinal' Bitcoin's taproot (P2TR) account on request.
 */
export const preferredAccountTypeSchema = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal'])
export type PreferredAccountType = z.infer<typeof preferredAccountTypeSchema>
export const preferredAccountTypesSchema = z.partialRecord(namespaceSchema, preferredAccountTypeSchema)
export type PreferredAccountTypes = z.infer<typeof preferredAccountTypesSchema>

export const recentWalletsSchema = z.array(walletCatalogItemSchema)

/** The id of the wallet connected on `namespace` (a catalog id or a connector id). */
export function storedWalletId(namespace: ChainNamespace): StoredValue<string> {
  return createStoredValue(`wallet_id/${namespace}`, nonEmptyString)
}

/** The name of the wallet connected on `namespace`, as shown in the account view. */
export function storedWalletName(namespace: ChainNamespace): StoredValue<string> {
  return createStoredValue(`wallet_name/${namespace}`, z.string())
}

/** The active network, as its CAIP-2 id. */
export const storedActiveNetworkId = /* @__PURE__ */ createStoredValue(ACTIVE_NETWORK_KEY, caipNetworkIdSchema)

/** Connections by namespace (see connections.ts for the helpers). */
export const storedConnections = /* @__PURE__ */ createStoredValue(CONNECTIONS_KEY, storedConnectionsSchema)

/** Recent wallets, newest first (see recent-wallets.ts: 2 kept). */
export const storedRecentWallets = /* @__PURE__ */ createStoredValue('recent_wallets', recentWalletsSchema)

/** The account type the visitor prefers, by namespace. */
export const storedPreferredAccountTypes = /* @__PURE__ */ createStoredValue(
  'preferred_account_types',
  preferredAccountTypesSchema
)

/** The social provider the visitor signed in with. */
export const storedConnectedSocial = /* @__PURE__ */ createStoredValue('connected_social', z.enum(SOCIAL_PROVIDERS))

/** The visitor's user name at that social provider. */
export const storedSocialUsername = /* @__PURE__ */ createStoredValue('social_username', z.string())

/** A social login left by full-page redirect: which provider, when (its return finishes it). */
export const storedPendingSocialLogin = /* @__PURE__ */ createStoredValue(
  'social_login_pending',
  z.object({ provider: z.enum(SOCIAL_PROVIDERS), at: z.number() })
)

/** Whether the e-mail login was used on this device. */
export const storedEmailLoginUsed = /* @__PURE__ */ createStoredValue('email_login_used', z.boolean())

/** The e-mail the visitor logged in with. */
export const storedEmail = /* @__PURE__ */ createStoredValue(
  'email',
  z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'))
)

/** When the last e-mail login code was asked for, ms since the epoch (for the 30 s cool-down). */
export const storedLastEmailLoginTime = /* @__PURE__ */ createStoredValue('last_email_login_time', z.number())

/** The chain last used by the embedded wallet: a CAIP-2 id or a chain id (string or number). */
export const storedLastUsedChain = /* @__PURE__ */ createStoredValue(
  'last_used_chain',
  z.union([nonEmptyString, z.number()])
)

/** The chain ids on which the embedded wallet offers smart accounts. */
export const storedSmartAccountEnabledNetworks = /* @__PURE__ */ createStoredValue(
  'smart_account_enabled_networks',
  z.array(z.number())
)

/** The WalletConnect pairing shown last: reused on Telegram and iOS Safari until it expires (docs/behaviour.md section 4). */
export const storedWalletConnectPairing = /* @__PURE__ */ createStoredValue('wc_pairing', storedPairingSchema)
