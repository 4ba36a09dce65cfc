/**
 * The connector errors of docs/behaviour.md section 8, as typed classes with a stable `code`.
 * `message` is for developers (logs, thrown errors); `visitorMessage` is the short text the
 * modal shows (see errorMessageForVisitor).
 */

export const CONNECTOR_ERROR_CODES = [
  'CHAIN_NOT_CONFIGURED',
  'CONNECTOR_ALREADY_CONNECTED',
  'CONNECTOR_NOT_CONNECTED',
  'ACCOUNT_NOT_FOUND',
  'CHAIN_MISMATCH',
  'CONNECTOR_UNAVAILABLE_RECONNECTING',
  'DISCONNECT_FAILED'
] as const
export type ConnectorErrorCode = (typeof CONNECTOR_ERROR_CODES)[number]

/** What the modal shows for each connector error: short, for a visitor, no ids. */
export const CONNECTOR_ERROR_VISITOR_MESSAGES = {
  CHAIN_NOT_CONFIGURED: 'Network Not Found',
  CONNECTOR_ALREADY_CONNECTED: 'Wallet already connected',
  CONNECTOR_NOT_CONNECTED: 'Wallet not connected',
  ACCOUNT_NOT_FOUND: 'Account not found in the wallet',
  CHAIN_MISMATCH: 'The wallet is on a different network',
  CONNECTOR_UNAVAILABLE_RECONNECTING: 'Reconnecting to the wallet, try again in a moment',
  DISCONNECT_FAILED: 'Failed to disconnect'
} as const satisfies Readonly<Record<ConnectorErrorCode, string>>

/** The spec's exact text when a disconnect fails (docs/behaviour.md section 8). */
export const FAILED_TO_DISCONNECT = 'Failed to disconnect'

/** A chain id as the kit meets it: CAIP-2 ("eip155:1"), a number (1), or a numeric string ("0x1", "1"). */
export type ChainRef = string | number

/** Base of every connector error: `code` is stable, match on it (or on the class), never on the message. */
export abstract class ConnectorError extends Error {
  abstract readonly code: ConnectorErrorCode
  get visitorMessage(): string {
    return CONNECTOR_ERROR_VISITOR_MESSAGES[this.code]
  }
}

/** A chain the app did not list in its `networks` was asked for (connect, switch, request). */
export class ChainNotConfiguredError extends ConnectorError {
  override readonly name = 'ChainNotConfiguredError'
  readonly code = 'CHAIN_NOT_CONFIGURED'
  constructor(readonly chain?: ChainRef) {
    super(chain === undefined ? 'Chain not configured.' : `Chain "${String(chain)}" not configured.`)
  }
}

/** connect() on a connector that already holds a connection. */
export class ConnectorAlreadyConnectedError extends ConnectorError {
  override readonly name = 'ConnectorAlreadyConnectedError'
  readonly code = 'CONNECTOR_ALREADY_CONNECTED'
  constructor(readonly connectorName?: string) {
    super(connectorName ? `Connector "${connectorName}" already connected.` : 'Connector already connected.')
  }
}

/** An action that needs a connection on a connector that has none. */
export class ConnectorNotConnectedError extends ConnectorError {
  override readonly name = 'ConnectorNotConnectedError'
  readonly code = 'CONNECTOR_NOT_CONNECTED'
  constructor(readonly connectorName?: string) {
    super(connectorName ? `Connector "${connectorName}" not connected.` : 'Connector not connected.')
  }
}

/** An account (address) asked for is not among the accounts the connector exposes. */
export class AccountNotFoundError extends ConnectorError {
  override readonly name = 'AccountNotFoundError'
  readonly code = 'ACCOUNT_NOT_FOUND'
  constructor(
    readonly address: string,
    readonly connectorName: string
  ) {
    super(`Account "${address}" not found for connector "${connectorName}".`)
  }
}

/** The wallet reports another chain than the one the kit expected (after connect or switch). */
export class ChainMismatchError extends ConnectorError {
  override readonly name = 'ChainMismatchError'
  readonly code = 'CHAIN_MISMATCH'
  constructor(
    readonly expectedChain: ChainRef,
    readonly actualChain: ChainRef
  ) {
    super(
      `Chain mismatch: expected chain "${String(expectedChain)}" but the connector is on chain "${String(actualChain)}".`
    )
  }
}

/** While reconnecting on load, a connector offers only its id and name; other calls raise this. */
export class ConnectorUnavailableReconnectingError extends ConnectorError {
  override readonly name = 'ConnectorUnavailableReconnectingError'
  readonly code = 'CONNECTOR_UNAVAILABLE_RECONNECTING'
  constructor(readonly connectorName?: string) {
    super(`${connectorName ? `Connector "${connectorName}"` : 'Connector'} unavailable while reconnecting.`)
  }
}

/** Disconnecting failed (the wallet or the frame refused or threw); the visitor sees the spec's text. */
export class DisconnectFailedError extends ConnectorError {
  override readonly name = 'DisconnectFailedError'
  readonly code = 'DISCONNECT_FAILED'
  constructor(options?: { cause?: unknown }) {
    super(FAILED_TO_DISCONNECT, options)
  }
}
