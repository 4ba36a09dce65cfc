import { siwxMessageDataSchema, type SiwxSession } from '../../api/schemas/siwx.js'
import { providerErrorCode, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import type { SiwxConfig } from '../../siwx/types.js'
import { $account } from '../account.js'
import { activeConnector, disconnect } from '../connect/connection.js'
import { $connection } from '../connect/connection-state.js'
import { emitKitEvent } from '../kit-events.js'
import { $modal, closeModal, openModal } from '../modal.js'
import { $network } from '../network.js'
import { $options } from '../options.js'
import { $router, resetView } from '../router.js'
import { $siwx, setSiwxSessions, type SiwxState } from './state.js'
import { hideToast, showError, showLoading } from '../toast.js'
import {
  CLICK_CANCEL_SIWX,
  NO_ACTIVE_CAIP_ADDRESS,
  NO_ACTIVE_NETWORK_OR_CLIENT,
  NO_CONNECTION_CLIENT,
  SIWX_AUTH_ERROR,
  SIWX_AUTH_SUCCESS,
  SIWX_AUTHENTICATING,
  SIWX_INITIALIZE_FAILED,
  SIWX_NOT_ENABLED,
  SIWX_SIGNATURE_DECLINED,
  SIWX_SMART_ACCOUNT_UNSUPPORTED
} from './texts.js'

/**
 * The sign-in flow (docs/behaviour.md section 4): on connect, when sign-in is enabled, the network supported
 * and the account has no session, SIWXSignMessage opens. Sign: the message, the wallet's
 * signature, the session kept, the modal closed. Cancel: disconnect when sign-in is required, else
 * close. Switching to an account or a network without a session asks again.
 */

/** The namespaces whose messages the kit writes (EIP-4361, Sign In With Solana, CAIP-122 for Bitcoin with BIP-322). */
const SIGN_IN_NAMESPACES = new Set(['eip155', 'solana', 'bip122'])

const siwxConfig = (): SiwxConfig | undefined => $options.get()?.siwx

/** checking while sessions are read, signing while the wallet is asked. */
export function setSiwxStatus(status: SiwxState['status']): void {
  $siwx.setKey('status', status)
}

/** The connected account's CAIP-2 chain and address, when the active network is one the app lists. */
function signInTarget(): { chainId: string; address: string } | undefined {
  const { status, caipAddress, address, namespace } = $account.get()
  if (status !== 'connected' || !caipAddress || !address || !namespace || !SIGN_IN_NAMESPACES.has(namespace)) return
  // A connection the kit holds (stories and tests may show an account without one).
  if ($connection.get().unsupportedChain || !activeConnector()) return
  const chainId = caipAddress.slice(0, caipAddress.lastIndexOf(':'))
  if (!$network.get().networks.some(network => network.caipNetworkId === chainId)) return
  return { chainId, address }
}

let checks = 0
/** The last reading of the account's sessions failed: they are read again when the modal opens. */
let unread = false

/** The sessions already known that belong to `target` (kept when a new reading fails). */
function knownSessionsOf(target: { chainId: string; address: string }): SiwxSession[] {
  const address = target.address.toLowerCase()
  return $siwx
    .get()
    .sessions.filter(
      session => session.data.chainId === target.chainId && session.data.accountAddress.toLowerCase() === address
    )
}

/**
 * Reads the account's sessions and asks for a signature when it has none. A reading that fails (the
 * backend that keeps them is down) is not "no session": the visitor is not asked to sign again (the
 * session may be there, and storing a new one needs the same backend); the sessions already known
 * for the account are kept, and they are read again the next time the modal opens.
 */
export async function checkSignIn(): Promise<void> {
  const config = siwxConfig()
  const check = ++checks
  const target = signInTarget()
  if (!config || !target) {
    unread = false
    setSiwxSessions([])
    if (!$account.get().address && $router.get().view === 'SIWXSignMessage') {
      resetView('Connect')
      closeModal()
    }
    return
  }
  setSiwxStatus('checking')
  let sessions: SiwxSession[] = []
  let failed = false
  try {
    sessions = await config.getSessions(target.chainId, target.address)
  } catch (error) {
    console.warn('[appkit] Reading the sign-in sessions failed (they are read again when the modal opens):', error)
    failed = true
  }
  if (check !== checks) return
  setSiwxStatus('idle')
  unread = failed
  if (failed) {
    setSiwxSessions(knownSessionsOf(target))
    return
  }
  setSiwxSessions(sessions)
  if (sessions.length === 0) openModal({ view: 'SIWXSignMessage' })
  else if ($modal.get().open && $router.get().view === 'SIWXSignMessage') closeModal()
}

let stopWatching: (() => void) | undefined

/**
 * Follows the connected account: each new account or network is checked once (idempotent); after a
 * reading that failed, the modal's next opening reads the sessions again.
 */
export function watchSignIn(): void {
  if (stopWatching || !siwxConfig()) return
  let last: string | undefined
  const follow = (): void => {
    const { status, caipAddress } = $account.get()
    const key = `${status}|${caipAddress ?? ''}`
    if (key === last) return
    last = key
    if (status === 'connecting' || status === 'reconnecting') return
    void checkSignIn()
  }
  let wasOpen = $modal.get().open
  const stopAccount = $account.listen(follow)
  const stopModal = $modal.listen(({ open }) => {
    const opened = open && !wasOpen
    wasOpen = open
    if (opened && unread && $siwx.get().status === 'idle') void checkSignIn()
  })
  stopWatching = () => {
    stopAccount()
    stopModal()
  }
  follow()
}

/** Stops following the account (tests). */
export function stopSignInWatch(): void {
  stopWatching?.()
  stopWatching = undefined
  unread = false
  checks++
}

interface SignInContext {
  readonly config: SiwxConfig
  readonly target: { chainId: string; address: string }
  readonly signMessage: (message: string, address: string) => Promise<string>
}

/** What sign-in needs, or why it cannot start as the spec's error. */
function signInContext(): SignInContext | Error {
  const config = siwxConfig()
  if (!config) return new Error(SIWX_NOT_ENABLED)
  if (!$account.get().caipAddress) return new Error(NO_ACTIVE_CAIP_ADDRESS)
  const connector = activeConnector()
  const target = signInTarget()
  if (!$network.get().activeNetwork || !connector || !target) return new Error(NO_ACTIVE_NETWORK_OR_CLIENT)
  const sign = connector.signMessage
  if (typeof sign !== 'function') return new Error(NO_CONNECTION_CLIENT)
  return { config, target, signMessage: (message, address) => sign.call(connector, message, address) }
}

/** Why sign-in cannot start, as the spec's error; undefined when it can. */
export function signInProblem(): Error | undefined {
  const context = signInContext()
  return context instanceof Error ? context : undefined
}

const isSmartAccount = () => {
  const { address, allAccounts } = $account.get()
  return allAccounts?.some(account => account.address === address && account.type === 'smartAccount') ?? false
}

/** Starting failed: the visitor is told, the wallet disconnected and the modal reset to Connect. */
async function failToStart(error: unknown): Promise<false> {
  console.warn('[appkit] Sign-in could not start:', error)
  setSiwxStatus('idle')
  emitKitEvent(SIWX_AUTH_ERROR, { stage: 'initialize' })
  showError(SIWX_INITIALIZE_FAILED)
  resetView('Connect')
  await disconnect()
  return false
}

/**
 * Signs in the connected account: the implementation's message, the wallet's signature, the
 * session handed to the implementation. Resolves whether a session was stored. A declined or
 * refused signature keeps the view for another try.
 */
export async function signIn(): Promise<boolean> {
  if ($siwx.get().status === 'signing') return false
  const context = signInContext()
  if (context instanceof Error) return failToStart(context)
  const { config, target, signMessage } = context
  setSiwxStatus('signing')
  showLoading(SIWX_AUTHENTICATING)
  let data
  let text: string
  try {
    const message = await config.createMessage({ accountAddress: target.address, chainId: target.chainId })
    data = siwxMessageDataSchema.parse({ ...message })
    text = message.toString()
  } catch (error) {
    hideToast()
    return failToStart(error)
  }
  try {
    const signature = await signMessage(text, target.address)
    const session: SiwxSession = { data, message: text, signature }
    await config.addSession(session)
    setSiwxSessions([session])
  } catch (error) {
    if (providerErrorCode(error) !== USER_REJECTED_CODE) console.warn('[appkit] Sign-in failed:', error)
    setSiwxStatus('idle')
    emitKitEvent(SIWX_AUTH_ERROR, { stage: 'sign' })
    showError(isSmartAccount() ? SIWX_SMART_ACCOUNT_UNSUPPORTED : SIWX_SIGNATURE_DECLINED)
    return false
  }
  setSiwxStatus('idle')
  hideToast()
  emitKitEvent(SIWX_AUTH_SUCCESS, { namespace: target.chainId.split(':')[0] })
  closeModal()
  return true
}

/** Cancel on SIWXSignMessage: disconnect when sign-in is required; otherwise close and reset to Connect. */
export async function cancelSignIn(): Promise<void> {
  emitKitEvent(CLICK_CANCEL_SIWX)
  if ($siwx.get().required) {
    resetView('Connect')
    await disconnect()
    closeModal()
    return
  }
  closeModal()
}

/** Ends the connected account's session (and asks again when sign-in is required). */
export async function signOut(): Promise<void> {
  const config = siwxConfig()
  const target = signInTarget()
  if (!config || !target) return
  await config.revokeSession(target.chainId, target.address)
  setSiwxSessions([])
  if ($siwx.get().required) openModal({ view: 'SIWXSignMessage' })
}
