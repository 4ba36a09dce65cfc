import { msg } from '../../i18n/msg.js'
import type { ViewName } from '../../config/views.js'

/** The header's title of each view in the active locale; the Account view shows none. */
export function viewTitle(view: ViewName): string {
  switch (view) {
    case 'Connect':
      return msg('Connect Wallet', { id: 'connect.title' })
    case 'Account':
      return ''
    case 'AllWallets':
      return msg('All Wallets', { id: 'allWallets.title' })
    case 'ConnectingWalletConnectBasic':
    case 'ConnectingWalletConnect':
      return msg('WalletConnect', { id: 'walletConnect.title' })
    case 'ConnectingExternal':
      return msg('Connecting', { id: 'connectingExternal.title' })
    case 'ConnectingFarcaster':
      return msg('Farcaster', { id: 'farcaster.title' })
    case 'SwitchNetwork':
    case 'UnsupportedChain':
      return msg('Switch Network', { id: 'switchNetwork.title' })
    case 'SwitchActiveChain':
      return msg('Switch Chain', { id: 'switchActiveChain.title' })
    case 'Swap':
      return msg('Swap', { id: 'swap.title' })
    case 'SwapPreview':
      return msg('Review Swap', { id: 'swapPreview.title' })
    case 'ApproveTransaction':
      return msg('Approve Transaction', { id: 'approveTransaction.title' })
    case 'SIWXSignMessage':
      return msg('Sign In', { id: 'siwx.title' })
    case 'RegisterAccountName':
      return msg('Choose Name', { id: 'registerName.title' })
    case 'RegisterAccountNameSuccess':
      return msg('Name Registered', { id: 'registerNameSuccess.title' })
    case 'Networks':
      return msg('Select Network', { id: 'networks.title' })
    case 'WalletReceive':
      return msg('Receive', { id: 'receive.title' })
    case 'WalletSend':
      return msg('Send', { id: 'send.title' })
    case 'WalletSendPreview':
      return msg('Review Send', { id: 'sendPreview.title' })
    case 'OnRampProviders':
      return msg('Choose Provider', { id: 'onramp.providersTitle' })
    case 'OnRampBuy':
      return msg('Buy', { id: 'onramp.title' })
    case 'EmailVerifyDevice':
      return msg('Approve This Device', { id: 'email.deviceTitle' })
    case 'EmailVerifyOtp':
    case 'UpdateEmailPrimaryOtp':
    case 'UpdateEmailSecondaryOtp':
      return msg('Confirm Email', { id: 'email.otpTitle' })
    case 'UpdateEmail':
      return msg('Update Email', { id: 'email.updateTitle' })
  }
}

/** The dialog's accessible name: the view's title, or 'Account' for the view that shows none. */
export function dialogName(view: ViewName): string {
  return viewTitle(view) || msg('Account', { id: 'account.title' })
}
