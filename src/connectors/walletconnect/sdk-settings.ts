/**
 * The WalletConnect client's settings of docs/behaviour.md section 9 (log buffer 1,024,000 bytes, default log
 * level error, heartbeat 5 s, event max listeners 10). The kit passes those the SDK takes
 * (sign-client.ts: the log buffer and level); the heartbeat and the listener limit are the SDK's
 * own (@walletconnect/core's HeartBeat, @walletconnect/jsonrpc-ws-connection's socket events), which
 * SignClient.init does not let an app set: they are written here as the spec gives them, and
 * test/walletconnect/sdk-settings.test.ts reads every one back from an initialised client.
 * Kept beside the SDK's chunk, not in src/config/constants.ts (the first load).
 */
export const WALLETCONNECT_LOG_BUFFER_BYTES = 1_024_000
export const WALLETCONNECT_LOG_LEVEL = 'error'
/** The SDK's own: the core's heartbeat, in seconds. */
export const WALLETCONNECT_HEARTBEAT_SECONDS = 5
/** The SDK's own: the relay socket's event max listeners. */
export const WALLETCONNECT_MAX_LISTENERS = 10
