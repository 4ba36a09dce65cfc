import * as z from 'zod/mini'
import { siwxSessionSchema, type SiwxSession } from '../api/schemas/siwx.js'
import type { CaipNetwork } from '../networks/types.js'
import { createStoredValue } from '../storage/stored-value.js'
import { createSiwxMessage } from './create-message.js'
import { isSessionCurrent, randomNonce } from './message.js'
import type { SiwxConfig } from './types.js'

export interface LocalSiwxOptions {
  /** Whether the visitor must sign in (default false). */
  readonly required?: boolean
  /** The sentence of the message and the sign-in view. */
  readonly statement?: string
  /** How long a session lasts (default one day). */
  readonly expiresInMs?: number
  /** The app's networks: their RPC URLs let contract accounts (EIP-1271) be verified on chain. */
  readonly networks?: readonly CaipNetwork[]
  /** Where the sessions are kept under '@appkit-wallet/' (default 'siwx_sessions'). */
  readonly storageName?: string
}

class SiwxVerificationError extends Error {
  override readonly name = 'SiwxVerificationError'
}

const sameAccount = (session: SiwxSession, chainId: string, address: string) =>
  session.data.chainId === chainId && session.data.accountAddress.toLowerCase() === address.toLowerCase()

/**
 * Sign-in kept in this browser: sessions in localStorage, each verified here before it is kept
 * (EIP-191, EIP-1271 through the network's RPC, ed25519, BIP-322). Nothing leaves the page; an app that
 * needs the server to know who signed in uses createBackendSiwx.
 */
export function createLocalSiwxNow(options: LocalSiwxOptions = {}): SiwxConfig {
  const stored = createStoredValue(options.storageName ?? 'siwx_sessions', z.array(siwxSessionSchema))
  const read = () => stored.get() ?? []
  const rpcUrlOf = (chainId: string) =>
    options.networks?.find(network => network.caipNetworkId === chainId)?.rpcUrls.default.http[0]

  /** The session parsed, its signature verified and its times in force; else a SiwxVerificationError. */
  async function verified(session: SiwxSession): Promise<SiwxSession> {
    const parsed = siwxSessionSchema.parse(session)
    const rpcUrl = rpcUrlOf(parsed.data.chainId)
    const { sessionProblem } = await import('./verify.js')
    const problem = await sessionProblem(parsed, rpcUrl ? { rpcUrl } : {})
    if (problem) throw new SiwxVerificationError(`The sign-in session was refused: ${problem}`)
    if (!isSessionCurrent(parsed.data))
      throw new SiwxVerificationError('The sign-in session is expired or not yet valid')
    return parsed
  }

  return {
    ...(options.statement ? { statement: options.statement } : {}),
    getRequired: () => options.required ?? false,

    createMessage: input =>
      createSiwxMessage(input, {
        nonce: randomNonce(),
        ...(options.statement ? { statement: options.statement } : {}),
        ...(options.expiresInMs !== undefined ? { expiresInMs: options.expiresInMs } : {})
      }),

    async addSession(session) {
      const parsed = await verified(session)
      stored.set([...read().filter(kept => isSessionCurrent(kept.data)), parsed])
    },

    async getSessions(chainId, address) {
      return read().filter(session => sameAccount(session, chainId, address) && isSessionCurrent(session.data))
    },

    async revokeSession(chainId, address) {
      stored.set(read().filter(session => !sameAccount(session, chainId, address)))
    },

    async setSessions(sessions) {
      // Every one verified first: one refused keeps the sessions as they were.
      const parsed = await Promise.all(sessions.map(verified))
      if (parsed.length === 0) stored.remove()
      else stored.set(parsed)
    }
  }
}
