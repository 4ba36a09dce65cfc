import type { ViewName } from '../config/views.js'

export interface OpenViewContext {
  readonly requested: ViewName | undefined
  readonly connected: boolean
  readonly noAdapters: boolean
  readonly manualControl: boolean
  readonly mobile: boolean
}

/**
 * The view the modal opens on (docs/behaviour.md section 2): a caller-given view wins; else Account when an
 * address is connected; else, with no adapters or manual WalletConnect control, AllWallets on
 * mobile or ConnectingWalletConnectBasic elsewhere; else Connect.
 */
export function chooseOpenView(context: OpenViewContext): ViewName {
  if (context.requested) return context.requested
  if (context.connected) return 'Account'
  if (context.noAdapters || context.manualControl) {
    return context.mobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  }
  return 'Connect'
}
