// Smart sessions (ERC-7715; docs/behaviour.md sections 6, 7 and 9; off unless features.smartSessions):
// the app asks the embedded wallet's smart account to let a key the app holds move one token up to
// a limit until an expiry. The visitor approves in the frame (spender, token, limit, expiry); the
// account's contract then enforces the limits on chain. The backend keeps the record of each session
// (POST /v1/sessions/{id}, which it checks on chain), lists them (GET /v1/sessions/{id}), sponsors
// the session key's user operations through its bundler (bundlerUrl) while the session lives, and
// takes the revocation with the account's signature (POST /v1/sessions/{id}/revoke), after the
// account revoked the key on chain. Loaded with the first smart-session call; writes no store.
import * as z from 'zod/mini'
import { getSessionsClient, type SessionsClient } from '../api/sessions-client.js'
import { type SmartSession } from '../api/schemas/index.js'
import {
  decodeSessionContext,
  grantedPermissionsSchema,
  permissionRequestSchema,
  revokedPermissionsSchema,
  type GrantedPermissions
} from '../api/schemas/permissions.js'
import { AUTH_CONNECTOR_ID } from '../config/auth-connector-ids.js'
import { describeIssue } from '../config/describe-issue.js'
import { SMART_SESSIONS_OFF } from '../frame/rpc-methods.js'
import { $options } from './options.js'
import { sessionOf } from './connect/sessions.js'

export const SMART_SESSIONS_NEED_EMBEDDED_WALLET =
  'Smart sessions need the embedded wallet (e-mail or social login) connected on an EVM network'
export const SMART_SESSIONS_NEED_BACKEND = 'Smart sessions need the backend (createAppKit’s apiUrl)'
export const sessionNotRecorded = (reason: string) =>
  `The session was granted on chain but the backend did not record it (${reason}); revoke it with its context`

/** What grantPermissions answers: the wallet's grant, its id on the backend, and where its key's user operations go. */
export interface GrantedSmartSession extends GrantedPermissions {
  /** The session's id on the backend (its context). */
  readonly pci: string
  /** The bundler (ERC-4337 JSON-RPC) that takes, and sponsors, the user operations the session key signs. */
  readonly bundlerUrl: string
}

function parsed<T>(what: string, schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const { option, expected } = issue ? describeIssue(issue) : { option: '(value)', expected: 'valid' }
  throw new Error(`${what}: ${option} must be ${expected}`)
}

function setup(): { client: SessionsClient; request: (method: string, params: unknown[]) => Promise<unknown> } {
  const options = $options.get()
  if (!options?.features.smartSessions) throw new Error(SMART_SESSIONS_OFF)
  const client = getSessionsClient({ projectId: options.projectId, apiUrl: options.apiUrl })
  if (!client) throw new Error(SMART_SESSIONS_NEED_BACKEND)
  const session = sessionOf('eip155')
  const evmRequest = session?.connector.evmRequest
  if (!session || session.connector.id !== AUTH_CONNECTOR_ID || !evmRequest) {
    throw new Error(SMART_SESSIONS_NEED_EMBEDDED_WALLET)
  }
  return { client, request: (method, params) => evmRequest(method, params) }
}

/** The connected EVM account as CAIP-10 (the smart account when it is the one in use). */
function accountId(): string {
  const session = sessionOf('eip155')
  if (!session) throw new Error(SMART_SESSIONS_NEED_EMBEDDED_WALLET)
  return `eip155:${String(session.chainId)}:${session.address}`
}

/** Asks the visitor to grant `request` (ERC-7715 wallet_grantPermissions) and records the session. */
export async function grantPermissions(request: unknown): Promise<GrantedSmartSession> {
  const { client, request: ask } = setup()
  const permission = parsed('wallet_grantPermissions got bad params', permissionRequestSchema, request)
  const granted = parsed(
    'The wallet answered wallet_grantPermissions unexpectedly',
    grantedPermissionsSchema,
    await ask('wallet_grantPermissions', [permission])
  )
  const chainId = Number(granted.chainId)
  try {
    await client.record(`eip155:${chainId}:${granted.address}`, {
      pci: granted.context,
      expiry: granted.expiry,
      permissions: granted.permissions,
      context: granted.context
    })
  } catch (error) {
    throw new Error(sessionNotRecorded(error instanceof Error ? error.message : String(error)), { cause: error })
  }
  return { ...granted, pci: granted.context, bundlerUrl: client.bundlerUrl(`eip155:${chainId}`) }
}

/**
 * Revokes the session `pci` (its context): the visitor approves in the frame, the account revokes
 * the key on chain and signs the revocation, which the backend then records.
 */
export async function revokePermissions(pci: string): Promise<void> {
  const { client, request: ask } = setup()
  const { account } = decodeSessionContext(pci)
  const { signature } = parsed(
    'The wallet answered wallet_revokePermissions unexpectedly',
    revokedPermissionsSchema,
    await ask('wallet_revokePermissions', [{ context: pci }])
  )
  const session = sessionOf('eip155')
  await client.revoke(`eip155:${String(session?.chainId)}:${account}`, { pci, signature })
}

/** The connected account's sessions as the backend records them (revoked ones too, with revokedAt). */
export async function smartSessions(): Promise<readonly SmartSession[]> {
  const { client } = setup()
  return client.list(accountId())
}
