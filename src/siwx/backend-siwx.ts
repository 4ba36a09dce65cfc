import * as z from 'zod/mini'
import { HttpClient } from '../api/http-client.js'
import {
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionsResponseSchema,
  type SiwxSession
} from '../api/schemas/siwx.js'
import { successResponseSchema } from '../api/schemas/common.js'
import { createStoredValue } from '../storage/stored-value.js'
import { createSiwxMessage } from './create-message.js'
import { isSessionCurrent } from './message.js'
import type { SiwxConfig } from './types.js'

export interface BackendSiwxOptions {
  /** The backend serving /v1/siwx (the reference backend, or one speaking the same API). */
  readonly apiUrl: string
  readonly projectId: string
  /** Whether the visitor must sign in (default false). */
  readonly required?: boolean
  /** The sentence of the message and the sign-in view. */
  readonly statement?: string
  /** How long a session lasts (default one day). */
  readonly expiresInMs?: number
  /** Where the bearer token is kept under '@appkit-wallet/' (default 'siwx_token'). */
  readonly storageName?: string
  /** The fetch to use (tests). */
  readonly fetch?: typeof fetch
}

/**
 * Sign-in kept by the backend: the nonce comes from the server, which verifies the signature
 * (EIP-191, EIP-1271, ed25519) and keeps the session; this browser keeps only the bearer token that
 * names its sessions. The server is the authority: an app's own API can ask it who signed in.
 */
export function createBackendSiwxNow(options: BackendSiwxOptions): SiwxConfig {
  const http = new HttpClient({
    baseUrl: options.apiUrl,
    projectId: options.projectId,
    ...(options.fetch ? { fetch: options.fetch } : {})
  })
  const token = createStoredValue(
    options.storageName ?? 'siwx_token',
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,}$/))
  )
  const auth = (): Record<string, string> => {
    const value = token.get()
    return value ? { Authorization: `Bearer ${value}` } : {}
  }

  async function list(chainId?: string, address?: string) {
    if (!token.get()) return []
    const query = chainId ? { chainId, ...(address ? { address } : {}) } : {}
    const answer = await http.get('/v1/siwx/sessions', siwxSessionsResponseSchema, { query, headers: auth() })
    return answer.sessions
  }

  async function add(session: SiwxSession) {
    const answer = await http.post('/v1/siwx/sessions', siwxCreateSessionResponseSchema, {
      body: session,
      headers: auth(),
      retry: false
    })
    token.set(answer.token)
  }

  async function revoke(id: string) {
    await http.post(`/v1/siwx/sessions/${encodeURIComponent(id)}/revoke`, successResponseSchema, { headers: auth() })
  }

  return {
    ...(options.statement ? { statement: options.statement } : {}),
    getRequired: () => options.required ?? false,

    async createMessage(input) {
      const { nonce } = await http.post('/v1/siwx/nonce', siwxNonceResponseSchema, { retry: false })
      return createSiwxMessage(input, {
        nonce,
        ...(options.statement ? { statement: options.statement } : {}),
        ...(options.expiresInMs !== undefined ? { expiresInMs: options.expiresInMs } : {})
      })
    },

    addSession: add,

    async getSessions(chainId, address) {
      const stored = await list(chainId, address)
      return stored.map(entry => entry.session).filter(session => isSessionCurrent(session.data))
    },

    async revokeSession(chainId, address) {
      for (const entry of await list(chainId, address)) await revoke(entry.id)
    },

    async setSessions(sessions) {
      for (const entry of await list()) await revoke(entry.id)
      if (sessions.length === 0) token.remove()
      for (const session of sessions) await add(session)
    }
  }
}
