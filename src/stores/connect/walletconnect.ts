import { map } from 'nanostores'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../config/constants.js'
import { isPairingExpired } from '../../connectors/walletconnect/pairing.js'
import type { WalletConnectWallet } from '../../connectors/walletconnect/types.js'
import { errorMessageForVisitor, providerErrorCode, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import { formatWalletLink, openWalletLink } from '../../utils/deep-link.js'
import { addRecentWallet } from '../../storage/recent-wallets.js'
import { $modal } from '../modal.js'
import { $router, resetView } from '../router.js'
import { LINK_COPIED, LINK_COPY_FAILED } from '../texts.js'
import { copyWithToast } from '../toast.js'
import { proposeWalletConnect } from './walletconnect-session.js'

export type { WalletConnectWallet } from '../../connectors/walletconnect/types.js'

/**
 * The WalletConnect pairing the QR views show (ConnectingWalletConnect, ConnectingWalletConnectBasic):
 * loading while the SDK loads and the proposal is made, ready with the URI to scan, copy or hand
 * to a wallet app, failed with the visitor's message.
 */
export type WalletConnectStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface WalletConnectState {
  readonly status: WalletConnectStatus
  /** The `wc:` URI of the pairing: the QR code's content and the copied link. */
  readonly uri: string | undefined
  /** When the pairing expires (epoch ms): a new one is made before it (spec: 4 min, expired under 10 s). */
  readonly expiresAt: number | undefined
  /** The catalog wallet chosen (AllWallets), when there is one: its name, image and links. */
  readonly wallet: WalletConnectWallet | undefined
  readonly error: string | undefined
}

const initialWalletConnect: WalletConnectState = {
  status: 'idle',
  uri: undefined,
  expiresAt: undefined,
  wallet: undefined,
  error: undefined
}

export const $walletConnect = map<WalletConnectState>(initialWalletConnect)

/** Counts proposals: the answer to an older one is ignored. */
let proposals = 0
let renewTimer: ReturnType<typeof setTimeout> | undefined

/** A shown pairing is renewed once it counts as expired (under 10 s left), while the view shows it. */
function renewWhenExpired(proposal: number, expiresAt: number): void {
  clearTimeout(renewTimer)
  renewTimer = setTimeout(
    () => {
      const state = $walletConnect.get()
      if (proposal !== proposals || state.status !== 'ready') return
      if (!isPairingExpired({ expiresAt })) renewWhenExpired(proposal, expiresAt)
      else void retryWalletConnect()
    },
    Math.max(0, expiresAt - PAIRING_EXPIRY_MARGIN_MS - Date.now())
  )
}

/**
 * Shows a pairing for the QR views: the one showing is kept while it is unexpired, otherwise a new
 * proposal is made (reusing a stored pairing on Telegram and iOS Safari). When the wallet approves,
 * its accounts become the connections of their namespaces and the modal moves to Account.
 */
export async function startWalletConnect(wallet?: WalletConnectWallet): Promise<void> {
  const state = $walletConnect.get()
  const sameWallet = state.wallet?.id === wallet?.id
  const showing =
    state.status === 'ready' && state.expiresAt !== undefined && !isPairingExpired({ expiresAt: state.expiresAt })
  if (sameWallet && (state.status === 'loading' || showing)) {
    return
  }
  const proposal = ++proposals
  $walletConnect.set({ ...initialWalletConnect, status: 'loading', wallet })
  try {
    const shown = await proposeWalletConnect({
      onUri: (uri, expiresAt) => {
        if (proposal !== proposals) return
        $walletConnect.set({ ...$walletConnect.get(), status: 'ready', uri, expiresAt })
        renewWhenExpired(proposal, expiresAt)
      }
    })
    await shown.approval
    if (proposal !== proposals) return
    if (wallet) addRecentWallet({ id: wallet.id, name: wallet.name, rdns: wallet.rdns ?? null })
    clearTimeout(renewTimer)
    $walletConnect.set(initialWalletConnect)
    const { view } = $router.get()
    if ($modal.get().open && (view === 'ConnectingWalletConnect' || view === 'ConnectingWalletConnectBasic')) {
      resetView('Account')
    }
  } catch (error) {
    if (proposal !== proposals) return
    if (providerErrorCode(error) !== USER_REJECTED_CODE) console.warn('[appkit] WalletConnect failed:', error)
    $walletConnect.set({ ...$walletConnect.get(), status: 'failed', error: errorMessageForVisitor(error) })
  }
}

/** "Try again" after a failed or expired pairing: a new proposal for the same wallet. */
export function retryWalletConnect(): Promise<void> {
  const { wallet } = $walletConnect.get()
  $walletConnect.set({ ...initialWalletConnect, wallet })
  return startWalletConnect(wallet)
}

/** Copies the pairing URI (for a wallet on the same device) and says so. */
export async function copyWalletConnectUri(): Promise<boolean> {
  const { uri } = $walletConnect.get()
  return uri ? copyWithToast(uri, LINK_COPIED, LINK_COPY_FAILED) : false
}

/**
 * Hands the pairing URI to the chosen wallet's app: its mobile link (custom scheme or universal
 * link), or its desktop or web app link. Must run synchronously inside the visitor's tap: iOS
 * Safari blocks a navigation that comes after an await. Returns whether a link was opened.
 */
export function openWalletApp(kind: 'mobile' | 'desktop' | 'webapp' = 'mobile'): boolean {
  const { uri, wallet } = $walletConnect.get()
  const appUrl = kind === 'mobile' ? wallet?.mobileLink : kind === 'desktop' ? wallet?.desktopLink : wallet?.webappLink
  if (!uri || !appUrl) return false
  const href = formatWalletLink(appUrl, uri)
  if (!href) return false
  return openWalletLink(href, kind === 'webapp' ? '_blank' : '_self')
}

/** Leaves the QR views: an answer still coming is ignored. */
export function resetWalletConnect(): void {
  proposals++
  clearTimeout(renewTimer)
  $walletConnect.set(initialWalletConnect)
}
