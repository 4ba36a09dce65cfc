import type { ViewName } from '../../config/views.js'

export interface ViewEntry {
  readonly tag: string
  /** Loads the view's module, which defines its element; views load only when first shown. */
  readonly load: () => Promise<unknown>
}

/** Every view of the router, its element, and how it loads. */
export const VIEW_REGISTRY: Record<ViewName, ViewEntry> = {
  Connect: { tag: 'w3m-connect-view', load: () => import('./connect/w3m-connect-view.js') },
  Account: { tag: 'w3m-account-view', load: () => import('./account/w3m-account-view.js') },
  AllWallets: { tag: 'w3m-all-wallets-view', load: () => import('./connect/w3m-all-wallets-view.js') },
  ConnectingWalletConnectBasic: {
    tag: 'w3m-connecting-wallet-connect-basic-view',
    load: () => import('./connect/w3m-connecting-wallet-connect-basic-view.js')
  },
  ConnectingWalletConnect: {
    tag: 'w3m-connecting-wallet-connect-view',
    load: () => import('./connect/w3m-connecting-wallet-connect-view.js')
  },
  ConnectingExternal: {
    tag: 'w3m-connecting-external-view',
    load: () => import('./connect/w3m-connecting-external-view.js')
  },
  ConnectingFarcaster: {
    tag: 'w3m-connecting-farcaster-view',
    load: () => import('./farcaster/w3m-connecting-farcaster-view.js')
  },
  SwitchNetwork: { tag: 'w3m-switch-network-view', load: () => import('./networks/w3m-switch-network-view.js') },
  SwitchActiveChain: {
    tag: 'w3m-switch-active-chain-view',
    load: () => import('./networks/w3m-switch-active-chain-view.js')
  },
  UnsupportedChain: {
    tag: 'w3m-unsupported-chain-view',
    load: () => import('./networks/w3m-unsupported-chain-view.js')
  },
  Swap: { tag: 'w3m-swap-view', load: () => import('./swap/w3m-swap-view.js') },
  SwapPreview: { tag: 'w3m-swap-preview-view', load: () => import('./swap/w3m-swap-preview-view.js') },
  WalletReceive: { tag: 'w3m-wallet-receive-view', load: () => import('./account/w3m-wallet-receive-view.js') },
  WalletSend: { tag: 'w3m-wallet-send-view', load: () => import('./send/w3m-wallet-send-view.js') },
  WalletSendPreview: {
    tag: 'w3m-wallet-send-preview-view',
    load: () => import('./send/w3m-wallet-send-preview-view.js')
  },
  OnRampProviders: { tag: 'w3m-onramp-providers-view', load: () => import('./onramp/w3m-onramp-providers-view.js') },
  OnRampBuy: { tag: 'w3m-onramp-buy-view', load: () => import('./onramp/w3m-onramp-buy-view.js') },
  ApproveTransaction: {
    tag: 'w3m-approve-transaction-view',
    load: () => import('./swap/w3m-approve-transaction-view.js')
  },
  SIWXSignMessage: { tag: 'w3m-siwx-sign-message-view', load: () => import('./siwx/w3m-siwx-sign-message-view.js') },
  RegisterAccountName: {
    tag: 'w3m-register-account-name-view',
    load: () => import('./names/w3m-register-account-name-view.js')
  },
  RegisterAccountNameSuccess: {
    tag: 'w3m-register-account-name-success-view',
    load: () => import('./names/w3m-register-account-name-success-view.js')
  },
  Networks: { tag: 'w3m-networks-view', load: () => import('./networks/w3m-networks-view.js') },
  EmailVerifyDevice: {
    tag: 'w3m-email-verify-device-view',
    load: () => import('./email/w3m-email-verify-device-view.js')
  },
  EmailVerifyOtp: { tag: 'w3m-email-verify-otp-view', load: () => import('./email/w3m-email-verify-otp-view.js') },
  UpdateEmail: { tag: 'w3m-update-email-view', load: () => import('./email/w3m-update-email-view.js') },
  UpdateEmailPrimaryOtp: {
    tag: 'w3m-update-email-primary-otp-view',
    load: () => import('./email/w3m-update-email-primary-otp-view.js')
  },
  UpdateEmailSecondaryOtp: {
    tag: 'w3m-update-email-secondary-otp-view',
    load: () => import('./email/w3m-update-email-secondary-otp-view.js')
  }
}
