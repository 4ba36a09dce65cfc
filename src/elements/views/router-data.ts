import * as z from 'zod/mini'
import type { WalletConnectWallet } from '../../connectors/walletconnect/types.js'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../../networks/types.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'

/** What a view reads from the data it was opened with (`pushView(view, data)`): checked, never assumed. */

function stringField(data: unknown, field: string): string | undefined {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined
  return typeof value === 'string' ? value : undefined
}

/** ConnectingExternal's `{ connectorId }`. */
export const connectorIdOf = (data: unknown): string | undefined => stringField(data, 'connectorId')

/** ConnectingExternal's `{ namespace }` (a wallet may have connectors on several namespaces). */
export const namespaceOf = (data: unknown): ChainNamespace | undefined => {
  const value = stringField(data, 'namespace')
  return (CHAIN_NAMESPACES as readonly string[]).includes(value ?? '') ? (value as ChainNamespace) : undefined
}

/** SwitchNetwork's and SwitchActiveChain's `{ caipNetworkId }`. */
export const caipNetworkIdOf = (data: unknown): string | undefined => stringField(data, 'caipNetworkId')

/** A wallet field that is a string, else undefined (a wrong type drops the field, not the wallet). */
const optionalString = z.catch(z.optional(z.string()), undefined)

const routerWalletSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  rdns: optionalString,
  imageUrl: optionalString,
  mobileLink: optionalString,
  desktopLink: optionalString,
  webappLink: optionalString
})

/**
 * ConnectingWalletConnect's `{ wallet }` (the catalog wallet chosen in AllWallets): its string fields
 * only, and its image only when isSafeImageUrl allows it (https, data:image, or plain http on one of
 * `allowedOrigins`, such as the configured backend's). Undefined without an id and a name.
 */
export function walletOf(data: unknown, allowedOrigins: readonly string[] = []): WalletConnectWallet | undefined {
  const field = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['wallet'] : undefined
  const parsed = routerWalletSchema.safeParse(field)
  if (!parsed.success) return undefined
  const { imageUrl, ...rest } = parsed.data
  const wallet: WalletConnectWallet = isSafeImageUrl(imageUrl, allowedOrigins) ? { ...rest, imageUrl } : rest
  // A dropped field is left out rather than kept as undefined.
  return Object.fromEntries(Object.entries(wallet).filter(([, value]) => value !== undefined)) as WalletConnectWallet
}
