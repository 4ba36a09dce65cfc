/**
 * The modal's views: docs/behaviour.md section 2, plus `Networks` (the network list behind the network
 * button), `WalletReceive` (the Account view's Receive: the address as a QR code), and the Send
 * form with its preview (`WalletSend`, `WalletSendPreview`), and Buy: the onramp providers and the
 * purchase with its quote (`OnRampProviders`, `OnRampBuy`), the swap's preview (`SwapPreview`), and the
 * e-mail login's codes and the e-mail change (`EmailVerifyDevice`, `EmailVerifyOtp`, `UpdateEmail`,
 * `UpdateEmailPrimaryOtp`, `UpdateEmailSecondaryOtp`).
 */
export const VIEW_NAMES = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'Swap',
  'ApproveTransaction',
  'SIWXSignMessage',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  'WalletReceive',
  'WalletSend',
  'WalletSendPreview',
  'OnRampProviders',
  'OnRampBuy',
  'SwapPreview',
  'EmailVerifyDevice',
  'EmailVerifyOtp',
  'UpdateEmail',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp'
] as const

export type ViewName = (typeof VIEW_NAMES)[number]

export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEW_NAMES as readonly string[]).includes(value)
}

/** The views during which a required sign-in forbids closing the modal (docs/behaviour.md section 2). */
export const SIGN_IN_GUARDED_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ApproveTransaction']
