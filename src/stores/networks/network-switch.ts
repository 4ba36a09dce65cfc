import { map } from 'nanostores'
import { ChainMismatchError, ChainNotConfiguredError } from '../../errors/connector-errors.js'
import { providerErrorCode, switchErrorMessageForVisitor, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import {
  DEFAULT_SWITCH_ERROR_CODE,
  isSwitchErrorCode,
  NETWORK_NOT_FOUND,
  UNRECOGNIZED_CHAIN_CODE
} from '../../errors/switch-errors.js'
import { rpcError } from '../../errors/rpc-error.js'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAMESPACES } from '../../config/auth-connector-ids.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { $connection, connect } from '../connect/connection.js'
import { $options } from '../options.js'
import { activateNamespace, activeSession, followWalletChain, sessionOf } from '../connect/sessions.js'
import { closeModal, goBack } from '../modal.js'
import { $network, selectNetwork } from '../network.js'
import { $router, popToView, pushView } from '../router.js'
import { showError } from '../toast.js'
import { showAlert } from '../alert.js'
import { emitKitEvent } from '../kit-events.js'

export type NetworkSwitchStatus = 'idle' | 'switching' | 'failed'

/** The network switch the wallet is asked for (SwitchNetwork view). */
export interface NetworkSwitchState {
  readonly status: NetworkSwitchStatus
  /** CAIP-2 id of the network asked for. */
  readonly target: string | undefined
  /** What the visitor sees when it failed. */
  readonly error: string | undefined
}

const initialSwitch: NetworkSwitchState = { status: 'idle', target: undefined, error: undefined }

export const $networkSwitch = map<NetworkSwitchState>(initialSwitch)

/**
 * After a switch from the Networks view: back to the view the visitor came from before it, or
 * closed when the network list was the modal's first view.
 */
function leaveSwitchViews(): void {
  const { view, history } = $router.get()
  if (view !== 'SwitchNetwork' && view !== 'Networks') return
  const before = history[history.indexOf('Networks') - 1]
  if (before) popToView(before)
  else closeModal()
}

/**
 * Switches the active network. Without a connection on the target's namespace the kit just selects
 * it; with one, that namespace's wallet is asked (wallet_switchEthereumChain, adding the chain on 4902) and the
 * kit follows once the wallet reports the target chain. A failure is always shown: a toast, and the
 * message in $networkSwitch for the SwitchNetwork view. Resolves whether the network changed.
 */
export async function switchNetwork(caipNetworkId: string): Promise<boolean> {
  const target = $network.get().networks.find(network => network.caipNetworkId === caipNetworkId)
  const session = sessionOf(target?.chainNamespace)
  if (target && !session && authServes(target.chainNamespace)) return switchInsideFrame(target)
  if (!target || !session) return selectWithoutWallet(caipNetworkId)
  const { connector } = session
  try {
    $networkSwitch.set({ status: 'switching', target: caipNetworkId, error: undefined })
    await connector.switchNetwork(target)
    const chainId = await connector.getChainId()
    if (`${target.chainNamespace}:${String(chainId)}` !== caipNetworkId)
      throw new ChainMismatchError(target.id, chainId)
    followWalletChain(session, chainId)
    activateNamespace(target.chainNamespace)
    selectNetwork(caipNetworkId)
    $networkSwitch.set(initialSwitch)
    emitKitEvent('SWITCH_NETWORK', { network: caipNetworkId })
    return true
  } catch (error) {
    if (providerErrorCode(error) !== USER_REJECTED_CODE) console.warn('[appkit] Switching the network failed:', error)
    failSwitch(caipNetworkId, error)
    return false
  }
}

/**
 * Whether the shown connection is the embedded wallet's and it serves `namespace` too (docs/behaviour.md
 * section 2's auth branch; section 9: eip155 and solana).
 */
function authServes(namespace: ChainNamespace): boolean {
  return activeSession()?.connector.id === AUTH_CONNECTOR_ID && AUTH_CONNECTOR_NAMESPACES.includes(namespace)
}

/**
 * The embedded wallet moves to a namespace it has no connection on yet: its connector there
 * connects with the same login, inside the frame, with no wallet to approve in. The target is made
 * active first (the connection is made on the active network of its namespace), and the previous
 * network again when it fails.
 */
async function switchInsideFrame(target: CaipNetwork): Promise<boolean> {
  const { caipNetworkId } = target
  const previous = $network.get().activeNetwork?.caipNetworkId
  $networkSwitch.set({ status: 'switching', target: caipNetworkId, error: undefined })
  selectNetwork(caipNetworkId)
  if (await connect(AUTH_CONNECTOR_ID, target.chainNamespace)) {
    $networkSwitch.set(initialSwitch)
    emitKitEvent('SWITCH_NETWORK', { network: caipNetworkId })
    return true
  }
  if (previous) selectNetwork(previous)
  failSwitch(caipNetworkId, undefined, $connection.get().error?.message)
  return false
}

/** The EIP-1193 code of the last failed switch (what switchNetworkOrThrow rejects with). */
let failureCode = DEFAULT_SWITCH_ERROR_CODE

function failSwitch(caipNetworkId: string, error: unknown, message = switchErrorMessageForVisitor(error)): void {
  const code = providerErrorCode(error)
  failureCode =
    code === USER_REJECTED_CODE || isSwitchErrorCode(code)
      ? code
      : message === NETWORK_NOT_FOUND
        ? UNRECOGNIZED_CHAIN_CODE
        : DEFAULT_SWITCH_ERROR_CODE
  $networkSwitch.set({ status: 'failed', target: caipNetworkId, error: message })
  showError(message)
}

/**
 * switchNetwork for the app (the instance's switchNetwork, the wallet provider's
 * wallet_switchEthereumChain): resolves once the wallet and the kit are on the network; rejects
 * with what the visitor is shown (docs/behaviour.md section 8: 'Network switch declined' 4001,
 * 'Network Not Found' 4902, 'Invalid network id' 32603, 'Failed to switch network' 5000) and the
 * EIP-1193 code. The failure is shown in the modal too, as every failed switch is.
 */
export async function switchNetworkOrThrow(caipNetworkId: string): Promise<void> {
  if (await switchNetwork(caipNetworkId)) return
  throw rpcError(failureCode, $networkSwitch.get().error ?? switchErrorMessageForVisitor(undefined))
}

/** No wallet to ask: the network just becomes active (an unlisted one is refused, visibly). */
function selectWithoutWallet(caipNetworkId: string): boolean {
  if (selectNetwork(caipNetworkId)) return true
  failSwitch(caipNetworkId, new ChainNotConfiguredError(caipNetworkId))
  // A network the app does not list: the alert bar tells the app's developer.
  showAlert('network-not-found', caipNetworkId)
  return false
}

/**
 * The Networks view's choice (docs/behaviour.md section 2). Not connected: the network becomes active and
 * the list closes. Connected on the target's namespace: SwitchNetwork shows while the wallet is
 * asked (or, already on it, its connection becomes the shown one). Connected only on another
 * namespace: SwitchActiveChain, unless the embedded wallet is the shown connection and serves the
 * target's namespace (SwitchNetwork: it connects there inside the frame), or the app skips the
 * confirmation (`ignoreSwitchConfirmation`: what confirming would do, at once).
 */
export async function chooseNetwork(caipNetworkId: string): Promise<void> {
  const target = $network.get().networks.find(network => network.caipNetworkId === caipNetworkId)
  const { status } = $connection.get()
  if (!target || status !== 'connected') {
    if (selectWithoutWallet(caipNetworkId)) goBack()
    return
  }
  const session = sessionOf(target.chainNamespace)
  if (!session && !authServes(target.chainNamespace)) {
    if ($options.get()?.ignoreSwitchConfirmation) switchActiveChain(caipNetworkId)
    else pushView('SwitchActiveChain', { caipNetworkId })
    return
  }
  if (session && `${target.chainNamespace}:${String(session.chainId)}` === caipNetworkId) {
    // The target's namespace has a wallet on that very chain: it becomes the shown one.
    activateNamespace(target.chainNamespace)
    selectNetwork(caipNetworkId)
    leaveSwitchViews()
    return
  }
  pushView('SwitchNetwork', { caipNetworkId })
  if (await switchNetwork(caipNetworkId)) leaveSwitchViews()
}

/** SwitchNetwork's "Try again". */
export async function retrySwitch(): Promise<void> {
  const { target } = $networkSwitch.get()
  if (target && (await switchNetwork(target))) leaveSwitchViews()
}

/** SwitchActiveChain's confirmation: the other namespace becomes active, and the visitor connects a wallet for it. */
export function switchActiveChain(caipNetworkId: string): void {
  if (selectWithoutWallet(caipNetworkId)) pushView('Connect')
}

/** UnsupportedChain's choice: the wallet is asked to move to a network the app lists. */
export async function leaveUnsupportedChain(caipNetworkId: string): Promise<void> {
  if (await switchNetwork(caipNetworkId)) closeModal()
}

export function resetNetworkSwitch(): void {
  $networkSwitch.set(initialSwitch)
}
