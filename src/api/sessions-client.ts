import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import {
  createSessionResponseSchema,
  revokeSessionResponseSchema,
  sessionsResponseSchema,
  type CreateSessionBody,
  type RevokeSessionBody,
  type SmartSession
} from './schemas/index.js'

/**
 * Smart sessions on the backend (docs/behaviour.md section 7): an account's sessions
 * (GET /v1/sessions/{id}, `id` its CAIP-10 id), the record of one the wallet granted
 * (POST /v1/sessions/{id}, ours), its revocation with the account's signature
 * (POST /v1/sessions/{id}/revoke), and the bundler URL where an app sends the user operations its
 * session key signs (POST /v1/bundler, ours). Loaded with the first smart-session call only.
 */
export interface SessionsClient {
  list(accountId: string): Promise<readonly SmartSession[]>
  record(accountId: string, body: CreateSessionBody): Promise<SmartSession>
  revoke(accountId: string, body: RevokeSessionBody): Promise<void>
  /** The bundler's JSON-RPC URL for `caipNetworkId` (eip155:N), with the project's query. */
  bundlerUrl(caipNetworkId: string): string
}

const slot = clientSlot(createSessionsClient)

/** Replaces the client getSessionsClient returns (tests); undefined returns to the default. */
export function setSessionsClient(client: SessionsClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getSessionsClient(
  config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined
): SessionsClient | undefined {
  return slot.get(config)
}

const segment = (value: string) => encodeURIComponent(value)

function createSessionsClient(projectId: string, apiUrl: string): SessionsClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return {
    list: async accountId => (await http.get(`/v1/sessions/${segment(accountId)}`, sessionsResponseSchema)).pcis,
    record: (accountId, body) => http.post(`/v1/sessions/${segment(accountId)}`, createSessionResponseSchema, { body }),
    async revoke(accountId, body) {
      await http.post(`/v1/sessions/${segment(accountId)}/revoke`, revokeSessionResponseSchema, { body })
    },
    bundlerUrl: caipNetworkId => http.url('/v1/bundler', { chainId: caipNetworkId })
  }
}
