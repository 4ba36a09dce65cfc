import { siwxMessageDataSchema, type SiwxMessageData } from '../api/schemas/siwx.js'
import { formatSiwxMessage, splitChainId } from './message.js'
import type { SiwxMessage, SiwxMessageInput } from './types.js'
import { web } from '../utils/web-globals.js'

/** One day: how long a session lasts unless the implementation says otherwise. */
export const DEFAULT_SESSION_MS = 24 * 60 * 60 * 1000

export interface MessageSettings {
  readonly nonce: string
  readonly statement?: string
  /** How long the session lasts after it is issued; 0 or less: no expiration time. */
  readonly expiresInMs?: number
  readonly resources?: readonly string[]
  readonly requestId?: string
  /** The page asking (defaults: location.host and location.href). */
  readonly domain?: string
  readonly uri?: string
  readonly now?: number
}

/** A message whose toString() is its CAIP-122 text. */
export function toSiwxMessage(data: SiwxMessageData): SiwxMessage {
  return { ...data, toString: () => formatSiwxMessage(data) }
}

/**
 * The data of a message for `input`: the page's domain and URI, the nonce, issued now, expiring
 * after `expiresInMs`. An EVM address is written in its EIP-55 checksum form, as EIP-4361 requires.
 */
export async function createSiwxMessage(input: SiwxMessageInput, settings: MessageSettings): Promise<SiwxMessage> {
  const now = settings.now ?? Date.now()
  const expiresInMs = settings.expiresInMs ?? DEFAULT_SESSION_MS
  const accountAddress =
    splitChainId(input.chainId)[0] === 'eip155'
      ? (await import('./evm-signature.js')).checksumAddress(input.accountAddress)
      : input.accountAddress
  const data = siwxMessageDataSchema.parse({
    accountAddress,
    chainId: input.chainId,
    domain: settings.domain ?? web.location?.host,
    uri: settings.uri ?? web.location?.href,
    version: '1',
    nonce: settings.nonce,
    issuedAt: new Date(now).toISOString(),
    ...(expiresInMs > 0 ? { expirationTime: new Date(now + expiresInMs).toISOString() } : {}),
    ...(settings.statement ? { statement: settings.statement } : {}),
    ...(settings.requestId ? { requestId: settings.requestId } : {}),
    ...(settings.resources?.length ? { resources: [...settings.resources] } : {})
  })
  return toSiwxMessage(data)
}
