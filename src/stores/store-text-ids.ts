import { CONNECTOR_ERROR_VISITOR_MESSAGES, FAILED_TO_DISCONNECT } from '../errors/connector-errors.js'
import { INVALID_CHAIN_ID_MESSAGE, NETWORK_NOT_FOUND, SWITCH_FAILED_MESSAGE } from '../errors/switch-errors.js'
import {
  ACTION_NOT_ALLOWED,
  CONNECTION_DECLINED,
  SOMETHING_WENT_WRONG,
  SWITCH_DECLINED
} from '../errors/visitor-message.js'
import {
  ADDRESS_COPIED,
  ADDRESS_COPY_FAILED,
  BALANCE_UNAVAILABLE,
  LINK_COPIED,
  LINK_COPY_FAILED,
  SMART_ACCOUNT_FALLBACK,
  TRANSACTIONS_FETCH_FAILED
} from './texts.js'
import {
  SEND_AMOUNT_BELOW_DUST,
  SEND_FEE_UNAVAILABLE,
  SEND_FIELDS_REQUIRED,
  SEND_INSUFFICIENT_BALANCE,
  SEND_INSUFFICIENT_FEE,
  SEND_INVALID_ADDRESS,
  SEND_INVALID_AMOUNT,
  SEND_TOKEN_REQUIRED,
  SEND_UNSUPPORTED_CHAIN,
  SEND_WRONG_NETWORK_ADDRESS,
  TRANSACTION_DECLINED,
  TRANSACTION_FAILED,
  TRANSACTION_SENT
} from './send/texts.js'
import {
  NAME_CHARACTERS_RULE,
  NAME_LENGTH_RULE,
  NAME_NETWORK_NOT_FOUND,
  NAME_NO_CONNECTOR,
  NAME_RESOLVE_FAILED,
  NAME_SUGGESTIONS_FAILED,
  NAME_TAKEN,
  NAMES_FOR_ADDRESS_FAILED
} from './names/texts.js'
import {
  SIWX_AUTHENTICATING,
  SIWX_INITIALIZE_FAILED,
  SIWX_SIGNATURE_DECLINED,
  SIWX_SMART_ACCOUNT_UNSUPPORTED
} from './siwx/texts.js'
import {
  ONRAMP_AMOUNT_OUT_OF_LIMITS,
  ONRAMP_CHECKOUT_FAILED,
  ONRAMP_QUOTE_FAILED,
  ONRAMP_UNAVAILABLE
} from './onramp/texts.js'
import {
  APPROVAL_FAILED,
  GAS_PRICE_NOT_SUPPORTED,
  SWAP_DECLINED,
  SWAP_DONE,
  SWAP_FAILED,
  SWAP_INVALID_SLIPPAGE,
  SWAP_NO_QUOTE,
  SWAPS_NOT_SUPPORTED
} from './swap/texts.js'

import {
  CODE_EXPIRED,
  CODE_INCOMPLETE,
  CODE_INVALID,
  CODE_TOO_MANY_TRIES,
  EMAIL_DEPENDENCY_FAILED,
  EMAIL_IN_USE,
  EMAIL_INVALID,
  EMAIL_UPDATED
} from './email/texts.js'
import { SOCIAL_CANCELLED, SOCIAL_FAILED, SOCIAL_WINDOW_CLOSED } from './social/texts.js'
import {
  FARCASTER_EXPIRED,
  FARCASTER_FAILED,
  FARCASTER_NOT_VERIFIED,
  FARCASTER_UNAVAILABLE
} from '../frame/farcaster.js'

const VISITOR = CONNECTOR_ERROR_VISITOR_MESSAGES

/**
 * The message id of every English text a store holds for the visitor (toasts, connection,
 * switch and send errors). Elements show these through localizeText(); the message check reads this table
 * into the catalog, so each text here is translated like any msg() in an element. It loads with
 * the first translation or override, never with English alone.
 */
export const STORE_TEXT_IDS: Readonly<Record<string, string>> = {
  [BALANCE_UNAVAILABLE]: 'toast.balanceUnavailable',
  [ADDRESS_COPIED]: 'toast.addressCopied',
  [SMART_ACCOUNT_FALLBACK]: 'toast.smartAccountFallback',
  [ADDRESS_COPY_FAILED]: 'toast.addressCopyFailed',
  [LINK_COPIED]: 'toast.linkCopied',
  [LINK_COPY_FAILED]: 'toast.linkCopyFailed',
  [TRANSACTIONS_FETCH_FAILED]: 'toast.transactionsFetchFailed',
  [FAILED_TO_DISCONNECT]: 'error.disconnectFailed',
  [CONNECTION_DECLINED]: 'error.connectionDeclined',
  [SOMETHING_WENT_WRONG]: 'error.somethingWentWrong',
  [ACTION_NOT_ALLOWED]: 'error.actionNotAllowed',
  [EMAIL_INVALID]: 'email.invalid',
  [CODE_INCOMPLETE]: 'email.codeIncomplete',
  [CODE_INVALID]: 'email.codeInvalid',
  [CODE_EXPIRED]: 'email.codeExpired',
  [CODE_TOO_MANY_TRIES]: 'email.codeTooManyTries',
  [EMAIL_IN_USE]: 'email.inUse',
  [EMAIL_DEPENDENCY_FAILED]: 'email.dependencyFailed',
  [SOCIAL_CANCELLED]: 'social.cancelled',
  [SOCIAL_FAILED]: 'social.failed',
  [SOCIAL_WINDOW_CLOSED]: 'social.windowClosed',
  [FARCASTER_EXPIRED]: 'farcaster.expired',
  [FARCASTER_NOT_VERIFIED]: 'farcaster.notVerified',
  [FARCASTER_UNAVAILABLE]: 'farcaster.unavailable',
  [FARCASTER_FAILED]: 'farcaster.failed',
  [EMAIL_UPDATED]: 'toast.emailUpdated',
  [SWITCH_DECLINED]: 'error.switchDeclined',
  [NETWORK_NOT_FOUND]: 'error.networkNotFound',
  [SWITCH_FAILED_MESSAGE]: 'error.switchFailed',
  [INVALID_CHAIN_ID_MESSAGE]: 'error.invalidChainId',
  [VISITOR.CONNECTOR_ALREADY_CONNECTED]: 'error.walletAlreadyConnected',
  [VISITOR.CONNECTOR_NOT_CONNECTED]: 'error.walletNotConnected',
  [VISITOR.ACCOUNT_NOT_FOUND]: 'error.accountNotFound',
  [VISITOR.CHAIN_MISMATCH]: 'error.chainMismatch',
  [VISITOR.CONNECTOR_UNAVAILABLE_RECONNECTING]: 'error.reconnecting',
  [SEND_FIELDS_REQUIRED]: 'error.sendFieldsRequired',
  [SEND_TOKEN_REQUIRED]: 'error.sendTokenRequired',
  [SEND_UNSUPPORTED_CHAIN]: 'error.unsupportedChain',
  [NAME_RESOLVE_FAILED]: 'error.nameResolve',
  [NAME_SUGGESTIONS_FAILED]: 'error.nameSuggestions',
  [NAMES_FOR_ADDRESS_FAILED]: 'error.namesForAddress',
  [NAME_NETWORK_NOT_FOUND]: 'error.nameNetworkNotFound',
  [NAME_NO_CONNECTOR]: 'error.nameNoConnector',
  [NAME_CHARACTERS_RULE]: 'error.nameCharacters',
  [NAME_LENGTH_RULE]: 'error.nameLength',
  [NAME_TAKEN]: 'error.nameTaken',
  [SEND_INVALID_ADDRESS]: 'error.sendInvalidAddress',
  [SEND_INVALID_AMOUNT]: 'error.sendInvalidAmount',
  [SEND_INSUFFICIENT_BALANCE]: 'error.insufficientBalance',
  [SEND_INSUFFICIENT_FEE]: 'error.insufficientFee',
  [SEND_FEE_UNAVAILABLE]: 'error.feeUnavailable',
  [SEND_WRONG_NETWORK_ADDRESS]: 'error.addressOtherBitcoinNetwork',
  [SEND_AMOUNT_BELOW_DUST]: 'error.amountBelowDust',
  [TRANSACTION_SENT]: 'toast.transactionSent',
  [TRANSACTION_DECLINED]: 'error.transactionDeclined',
  [TRANSACTION_FAILED]: 'error.transactionFailed',
  [ONRAMP_AMOUNT_OUT_OF_LIMITS]: 'error.onrampLimits',
  [ONRAMP_QUOTE_FAILED]: 'error.onrampQuote',
  [ONRAMP_CHECKOUT_FAILED]: 'error.onrampCheckout',
  [ONRAMP_UNAVAILABLE]: 'error.onrampUnavailable',
  [SWAPS_NOT_SUPPORTED]: 'error.swapsNotSupported',
  [GAS_PRICE_NOT_SUPPORTED]: 'error.gasPriceNotSupported',
  [SWAP_INVALID_SLIPPAGE]: 'error.slippage',
  [SWAP_NO_QUOTE]: 'error.swapQuote',
  [SWAP_FAILED]: 'error.swapFailed',
  [SWAP_DECLINED]: 'error.swapDeclined',
  [SWAP_DONE]: 'toast.swapDone',
  [APPROVAL_FAILED]: 'error.approvalFailed',
  [SIWX_INITIALIZE_FAILED]: 'error.siwxInitialize',
  [SIWX_SIGNATURE_DECLINED]: 'error.signatureDeclined',
  [SIWX_SMART_ACCOUNT_UNSUPPORTED]: 'error.smartAccountUnsupported',
  [SIWX_AUTHENTICATING]: 'toast.authenticating'
}
