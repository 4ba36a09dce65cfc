import type { ViewName } from '../../config/views.js'

/**
 * The modules of the views a host button or createAppKit prefetches before the first click: the
 * views the open-view rule chooses (Connect, Account, AllWallets, ConnectingWalletConnectBasic) and
 * the network button's Networks. They are the only view loaders in the first load; every other
 * view's is in registry.ts, which loads with the router (each entry there costs the first load
 * nothing, however many views the flows add).
 */
export const OPENER_VIEW_LOADERS: Partial<Record<ViewName, () => Promise<unknown>>> = {
  Connect: () => import('./connect/w3m-connect-view.js'),
  Account: () => import('./account/w3m-account-view.js'),
  AllWallets: () => import('./connect/w3m-all-wallets-view.js'),
  ConnectingWalletConnectBasic: () => import('./connect/w3m-connecting-wallet-connect-basic-view.js'),
  Networks: () => import('./networks/w3m-networks-view.js')
}
