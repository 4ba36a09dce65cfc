import { ConnectorError } from './connector-errors.js'
import { isSwitchErrorCode, switchErrorMessage } from './switch-errors.js'
import { RPC_NOT_ALLOWED } from '../frame/rpc-methods.js'

/** EIP-1193: the visitor rejected the request in the wallet. */
export const USER_REJECTED_CODE = 4001
/** The spec's text when the visitor declines a connection in the wallet. */
export const CONNECTION_DECLINED = 'Connection declined'
/** What the modal shows for an error it knows nothing about. */
export const SOMETHING_WENT_WRONG = 'Something went wrong'
/** The UI text of the embedded wallet's 'Requested RPC call is not allowed' (docs/behaviour.md section 6). */
export const ACTION_NOT_ALLOWED = 'Action not allowed'

const MAX_CAUSE_DEPTH = 5

/**
 * The numeric code of a provider (EIP-1193 / JSON-RPC) error, looking through wrappers: the
 * wallet's own code in `data.originalError` first (MetaMask mobile wraps 4902 in -32603), then
 * `code`, then down the `cause` chain (viem). Undefined when there is none.
 */
export function providerErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && isObject(current); depth++) {
    const data = current['data']
    if (isObject(data) && isObject(data['originalError']) && typeof data['originalError']['code'] === 'number') {
      return data['originalError']['code']
    }
    if (typeof current['code'] === 'number') return current['code']
    current = current['cause']
  }
  return undefined
}

/**
 * The short text the modal shows for `error`: a connector error's visitor message, 'Connection
 * declined' for a rejection in the wallet (4001), the switch message for 4902 / 5000 / 32603, 'Action
 * not allowed' for a call the embedded wallet refuses, and 'Something went wrong' otherwise. Never the raw message, which may carry ids or stack details.
 */
export function errorMessageForVisitor(error: unknown): string {
  if (error instanceof ConnectorError) return error.visitorMessage
  const code = providerErrorCode(error)
  if (code === USER_REJECTED_CODE) return CONNECTION_DECLINED
  if (isSwitchErrorCode(code)) return switchErrorMessage(code)
  if (error instanceof Error && error.message === RPC_NOT_ALLOWED) return ACTION_NOT_ALLOWED
  return SOMETHING_WENT_WRONG
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** What the modal shows when the visitor declines a network switch in the wallet. */
export const SWITCH_DECLINED = 'Network switch declined'

/**
 * The text shown when a network switch failed (always shown: a failed switch is never silent):
 * a connector error's visitor message, 'Network switch declined' for 4001, 'Network Not Found'
 * for 4902, 'Invalid network id' for 32603, and 'Failed to switch network' for 5000 and the rest.
 */
export function switchErrorMessageForVisitor(error: unknown): string {
  if (error instanceof ConnectorError) return error.visitorMessage
  const code = providerErrorCode(error)
  if (code === USER_REJECTED_CODE) return SWITCH_DECLINED
  return switchErrorMessage(code)
}
