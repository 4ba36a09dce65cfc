import * as z from 'zod/mini'
import { cacaoSchema, siwxMessageDataSchema, type SiwxSession } from '../../api/schemas/siwx.js'
import type { WalletConnectAuthRequest } from '../../connectors/walletconnect/types.js'
import { formatSiwxMessage } from '../../siwx/message.js'
import { emitKitEvent } from '../kit-events.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { showError } from '../toast.js'
import { SIWX_AUTH_ERROR, SIWX_AUTH_SUCCESS, SIWX_INITIALIZE_FAILED } from './texts.js'

/**
 * WalletConnect one-click authentication (docs/behaviour.md section 4, eip155 only): the session proposal
 * carries a sign-in request built from the app's SIWX implementation (its nonce and message
 * fields), and the CACAOs the wallet returns become sessions before the connection opens, so no
 * second signature is asked. When storing them fails, the kit disconnects.
 */

/** The message is created before the account is known: this address stands in (the wallet puts its own). */
const ANY_ACCOUNT = '0x0000000000000000000000000000000000000000'

/** The sign-in request for a proposal, when sign-in is on and the app lists eip155 networks. */
export async function walletConnectAuthRequest(): Promise<WalletConnectAuthRequest | undefined> {
  const config = $options.get()?.siwx
  const chains = $network
    .get()
    .networks.filter(network => network.chainNamespace === 'eip155')
    .map(network => network.caipNetworkId)
  const [first] = chains
  if (!config || !first) return undefined
  const message = await config.createMessage({ accountAddress: ANY_ACCOUNT, chainId: first })
  return {
    domain: message.domain,
    chains,
    nonce: message.nonce,
    uri: message.uri,
    ...(message.statement ? { statement: message.statement } : {}),
    ...(message.expirationTime ? { exp: message.expirationTime } : {}),
    ...(message.notBefore ? { nbf: message.notBefore } : {}),
    ...(message.requestId ? { requestId: message.requestId } : {}),
    ...(message.resources?.length ? { resources: message.resources } : {})
  }
}

/** did:pkh:eip155:<chain>:<address> (CAIP-10 behind the did:pkh method). */
const ISSUER = /^did:pkh:(eip155:\d+):(0x[0-9a-fA-F]{40})$/

const payloadSchema = z.object({
  domain: z.string(),
  aud: z.string(),
  version: z.literal('1'),
  nonce: z.string(),
  iat: z.string(),
  exp: z.optional(z.string()),
  nbf: z.optional(z.string()),
  statement: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
  iss: z.string().check(z.regex(ISSUER, 'a did:pkh eip155 issuer'))
})

/** A CACAO as a session: its payload as the message data, the text the wallet signed, the signature. */
export function sessionFromCacao(value: unknown): SiwxSession {
  const cacao = cacaoSchema.parse(value)
  const payload = payloadSchema.parse(cacao.p)
  const [, chainId, accountAddress] = ISSUER.exec(payload.iss) as unknown as [string, string, string]
  const data = siwxMessageDataSchema.parse({
    accountAddress,
    chainId,
    domain: payload.domain,
    uri: payload.aud,
    version: payload.version,
    nonce: payload.nonce,
    issuedAt: payload.iat,
    ...(payload.exp ? { expirationTime: payload.exp } : {}),
    ...(payload.nbf ? { notBefore: payload.nbf } : {}),
    ...(payload.requestId ? { requestId: payload.requestId } : {}),
    ...(payload.resources?.length ? { resources: payload.resources } : {}),
    ...(payload.statement ? { statement: payload.statement } : {})
  })
  return { data, message: formatSiwxMessage(data), signature: cacao.s.s, cacao }
}

/**
 * Stores the CACAOs the wallet returned as sessions (none: the wallet did not sign in, and the
 * SIWXSignMessage view asks after connecting). Rejects, after saying so, when one cannot be stored.
 */
export async function storeWalletConnectSessions(cacaos: readonly unknown[]): Promise<void> {
  const config = $options.get()?.siwx
  if (!config || cacaos.length === 0) return
  try {
    const sessions = cacaos.map(sessionFromCacao)
    for (const session of sessions) await config.addSession(session)
  } catch (error) {
    console.warn('[appkit] The wallet’s sign-in could not be stored:', error)
    emitKitEvent(SIWX_AUTH_ERROR, { stage: 'walletconnect' })
    showError(SIWX_INITIALIZE_FAILED)
    throw error
  }
  emitKitEvent(SIWX_AUTH_SUCCESS, { namespace: 'eip155', walletConnect: true })
}
