// Which wallet RPC methods the embedded wallet serves (docs/behaviour.md section 6), shared by the page side
// (src/connectors/auth/, which shows the frame while an approval is pending) and the frame itself.
//   SAFE_METHODS      answered without asking the visitor (reads, forwarded to the chain)
//   APPROVAL_METHODS  shown in the frame; they proceed only when the visitor approves there
// Anything else: 'Requested RPC call is not allowed' (shown as 'Action not allowed').

export const SAFE_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_sendRawTransaction',
  'net_version',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets'
] as const

export const APPROVAL_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation'
] as const

export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
export const RPC_USER_REJECTED = 'User rejected the request'
/** Smart sessions (wallet_grantPermissions, wallet_revokePermissions) when the app did not turn them on (docs/behaviour.md section 9: off by default). */
export const SMART_SESSIONS_OFF = 'Smart sessions are not enabled (features.smartSessions)'
export const PERMISSION_METHODS: readonly string[] = ['wallet_grantPermissions', 'wallet_revokePermissions']
/** The frame's answer when its backend ended the session (expired, or signed out elsewhere). */
export const FRAME_SESSION_EXPIRED = 'Session Expired'
/** The frame's backend serves no node for the chain asked (POST /frame-api/rpc, 404): the frame uses the app's RPC URL for it. */
export const UNKNOWN_CHAIN = 'Unknown chain'
/** docs/behaviour.md section 9: pending transactions through the frame (one definition, in the constants). */
export { PENDING_TRANSACTIONS_LIMIT } from '../config/constants.js'

export type SafeMethod = (typeof SAFE_METHODS)[number]
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number]

export function isSafeMethod(method: string): method is SafeMethod {
  return (SAFE_METHODS as readonly string[]).includes(method)
}

export function needsApproval(method: string): method is ApprovalMethod {
  return (APPROVAL_METHODS as readonly string[]).includes(method)
}
