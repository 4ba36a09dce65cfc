import type { TokenBalance } from '../../api/schemas/balance.js'
import type { BitcoinTransferRequest, TransactionRequest } from '../../connectors/types.js'
import { providerErrorCode, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import type { CaipNetwork } from '../../networks/types.js'
import { isBitcoinAddress, isTransactionResult } from '../../utils/address.js'
import { formatUnits } from '../../utils/units.js'
import { $account } from '../account.js'
import { activeConnector } from '../connect/connection.js'
import { $network } from '../network.js'
import { popToView, pushView, resetView } from '../router.js'
import { showSuccess } from '../toast.js'
import { emitKitEvent } from '../kit-events.js'
import { refreshBalances, refreshNativeBalance } from '../account/balances.js'
import { $send, receiverAddress, resetSendForm, resolveName, sameToken, sendableTokens } from './form.js'
import { parseAmount, SEND_NAMESPACES, sendInputError, tokenBalanceUnits, tokenContract } from './rules.js'
import {
  NAME_RESOLVE_FAILED,
  SEND_AMOUNT_BELOW_DUST,
  SEND_FEE_UNAVAILABLE,
  SEND_INSUFFICIENT_BALANCE,
  SEND_INSUFFICIENT_FEE,
  SEND_INVALID_ADDRESS,
  SEND_UNSUPPORTED_CHAIN,
  SEND_WRONG_NETWORK_ADDRESS,
  TRANSACTION_DECLINED,
  TRANSACTION_FAILED,
  TRANSACTION_SENT
} from './texts.js'

/** Solana: one signature's fee, what Max keeps back on a SOL transfer (5000 lamports). */
export const SOLANA_SIGNATURE_FEE = 5_000n

interface PreparedTransfer {
  readonly request: TransactionRequest
  readonly fee: bigint
}

/** A Bitcoin transaction id as Esplora answers it: 64 hex digits, no 0x. */
const BITCOIN_TXID = /^[0-9a-f]{64}$/

/** The visitor's text for a Bitcoin payment the outputs cannot make (src/adapters/bitcoin/coin-selection.ts). */
const BITCOIN_REFUSALS = {
  dust: SEND_AMOUNT_BELOW_DUST,
  'insufficient-balance': SEND_INSUFFICIENT_BALANCE,
  'insufficient-fee': SEND_INSUFFICIENT_FEE
} as const

/**
 * The Bitcoin payment the preview showed: Send hands the wallet this very PSBT (its fee is the one
 * shown), as long as the form is the same; a failed send keeps it for the next try.
 */
let previewedBitcoin: { readonly key: string; readonly request: BitcoinTransferRequest } | undefined

/** The Bitcoin payment code (@scure/btc-signer), loaded with the first Bitcoin preview (one import: the classic build puts it beside the file). */
const bitcoinTransfer = () => import('../../adapters/bitcoin/bitcoin-transfer.js')

const bitcoinKey = (network: CaipNetwork, from: string, receiver: string, amount: bigint) =>
  [network.caipNetworkId, from, receiver, String(amount)].join(' ')

function fail(error: string): false {
  $send.set({ ...$send.get(), loading: false, error })
  return false
}

/**
 * The chain code of the flow, loaded only now: viem-free EVM encoding, @solana/web3.js, or
 * @scure/btc-signer. A string is the visitor's text of a rule the transfer breaks (Bitcoin: the
 * amount under the dust limit, or more than the outputs pay with the fee).
 */
async function prepareTransfer(
  network: CaipNetwork,
  from: string,
  token: TokenBalance,
  receiver: string,
  amount: bigint
): Promise<PreparedTransfer | string> {
  if (network.chainNamespace === 'eip155') {
    const { estimateEvmFee, evmTransfer } = await import('../../adapters/evm/evm-transfer.js')
    const request = evmTransfer({ from, receiver, amount, tokenContract: tokenContract(token) })
    return { request, fee: await estimateEvmFee(network, request) }
  }
  if (network.chainNamespace === 'bip122') {
    const key = bitcoinKey(network, from, receiver, amount)
    if (previewedBitcoin?.key === key) return { request: previewedBitcoin.request, fee: previewedBitcoin.request.fee }
    const { buildBitcoinTransfer } = await bitcoinTransfer()
    const transfer = await buildBitcoinTransfer({ network, from, receiver, amount })
    if (typeof transfer === 'string') return BITCOIN_REFUSALS[transfer]
    previewedBitcoin = { key, request: transfer.request }
    return transfer
  }
  const { buildSolanaTransfer } = await import('../../adapters/solana/solana-transfer.js')
  const transfer = await buildSolanaTransfer({
    network,
    from,
    receiver,
    amount,
    mint: tokenContract(token),
    decimals: Number(token.quantity.decimals)
  })
  return { request: transfer.request, fee: transfer.fee }
}

/** The native balance of the account in the smallest unit; undefined while unknown. */
function nativeBalanceUnits(network: CaipNetwork): bigint | undefined {
  const { balance } = $account.get()
  return balance === undefined ? undefined : (parseAmount(balance, network.nativeCurrency.decimals) ?? 0n)
}

/** What the transfer needs, checked (docs/behaviour.md section 5); the visitor's error text otherwise. */
async function checkedTransfer(): Promise<
  | {
      readonly network: CaipNetwork
      readonly from: string
      readonly token: TokenBalance
      readonly receiver: string
      readonly amount: bigint
    }
  | string
> {
  const state = $send.get()
  const { namespace, address } = $account.get()
  const network = $network.get().activeNetwork
  if (state.name?.status === 'resolving') {
    const resolved = await resolveName(state.name.name)
    const now = $send.get()
    if (now.name?.name === state.name.name)
      $send.setKey(
        'name',
        resolved ? { ...now.name, status: 'resolved', address: resolved } : { ...now.name, status: 'failed' }
      )
  }
  const current = $send.get()
  if (current.name?.status === 'failed' && current.amount.trim()) return NAME_RESOLVE_FAILED
  const receiver = receiverAddress(current)
  if (
    namespace === 'bip122' &&
    network?.chainNamespace === 'bip122' &&
    current.amount.trim() &&
    isBitcoinAddress(receiver)
  ) {
    // The form is a Bitcoin address's; whether it is one of this network's is the decoder's to say.
    const { receiverProblem } = await bitcoinTransfer()
    const problem = receiverProblem(network, receiver)
    if (problem) return problem === 'network' ? SEND_WRONG_NETWORK_ADDRESS : SEND_INVALID_ADDRESS
  }
  const error = sendInputError({
    namespace,
    token: current.token,
    amount: current.amount,
    receiver: current.name ? receiver || current.receiver : receiver
  })
  if (error) return error
  if (!network || !address || !current.token || network.chainNamespace !== namespace) return SEND_UNSUPPORTED_CHAIN
  const amount = parseAmount(current.amount, Number(current.token.quantity.decimals)) ?? 0n
  return { network, from: address, token: current.token, receiver, amount }
}

/**
 * checkedTransfer, where a refusal for the token's balance comes only after the balances were read
 * again (funds may have arrived since they were read, as for the fee below): the chosen token is
 * checked again as the new list shows it. Chosen anew meanwhile, or gone from the list, it is refused.
 */
async function checkedAfterBalanceRead(): ReturnType<typeof checkedTransfer> {
  const checked = await checkedTransfer()
  if (checked !== SEND_INSUFFICIENT_BALANCE) return checked
  const chosen = $send.get().token
  await refreshBalances({ force: true })
  const fresh = sendableTokens().find(token => sameToken(token, chosen))
  if (!fresh || !sameToken($send.get().token, chosen)) return checked
  $send.setKey('token', fresh)
  return checkedTransfer()
}

/**
 * Fills the amount with all the chosen token's balance; on the native token, less what the network
 * fee may cost (EVM: a plain transfer's gas at twice today's gas price; Solana: one signature;
 * Bitcoin: every output of the address spent to the receiver, less that transaction's fee).
 */
export async function setMaxAmount(): Promise<void> {
  const { token } = $send.get()
  const network = $network.get().activeNetwork
  if (!token || !network) return
  const decimals = Number(token.quantity.decimals)
  let max = tokenBalanceUnits(token)
  if (!token.address && network.chainNamespace === 'bip122') {
    const { address } = $account.get()
    try {
      const { maxBitcoinAmount } = await bitcoinTransfer()
      max = address ? await maxBitcoinAmount(network, address, receiverAddress($send.get())) : 0n
    } catch (error) {
      console.warn('[appkit] The Bitcoin fee could not be read:', error)
      $send.setKey('error', SEND_FEE_UNAVAILABLE)
      return
    }
  } else if (!token.address) {
    let reserve = SOLANA_SIGNATURE_FEE
    if (network.chainNamespace === 'eip155') {
      const { MAX_FEE_MARGIN, NATIVE_TRANSFER_GAS, readGasPrice } = await import('../../adapters/evm/evm-transfer.js')
      try {
        reserve = NATIVE_TRANSFER_GAS * (await readGasPrice(network)) * MAX_FEE_MARGIN
      } catch (error) {
        console.warn('[appkit] The gas price could not be read:', error)
        $send.setKey('error', SEND_FEE_UNAVAILABLE)
        return
      }
    }
    max = max > reserve ? max - reserve : 0n
  }
  $send.set({ ...$send.get(), amount: formatUnits(max, decimals), fee: undefined, error: undefined })
}

/**
 * Checks the form, estimates the network fee and opens WalletSendPreview. The balance rules are
 * checked here, before the wallet is asked: the amount against the token's balance (Bitcoin: against
 * what the address's outputs pay, and above the dust limit), and the fee
 * (with the amount, on the native token) against the native balance, each read again before a refusal.
 */
export async function reviewSend(): Promise<boolean> {
  if ($send.get().loading) return false
  $send.set({ ...$send.get(), loading: true, error: undefined })
  const checked = await checkedAfterBalanceRead()
  if (typeof checked === 'string') return fail(checked)
  const { network, from, token, receiver, amount } = checked
  let fee: bigint
  previewedBitcoin = undefined
  try {
    const prepared = await prepareTransfer(network, from, token, receiver, amount)
    if (typeof prepared === 'string') return fail(prepared)
    fee = prepared.fee
  } catch (error) {
    console.warn('[appkit] The transfer could not be prepared:', error)
    return fail(SEND_FEE_UNAVAILABLE)
  }
  // The embedded wallet's smart account sends through its paymaster: the visitor pays no network fee.
  if ($account.get().preferredAccountType === 'smartAccount') fee = 0n
  const spent = fee + (token.address ? 0n : amount)
  let native = nativeBalanceUnits(network)
  if (native !== undefined && spent > native) {
    // The balance shown may predate funds that arrived since: read it again before saying no.
    await refreshNativeBalance({ force: true })
    native = nativeBalanceUnits(network)
  }
  if (native !== undefined && spent > native) return fail(SEND_INSUFFICIENT_FEE)
  $send.set({ ...$send.get(), fee, loading: false, error: undefined })
  pushView('WalletSendPreview')
  return true
}

/**
 * Sends the previewed transfer through the connected wallet (docs/behaviour.md section 4: loading on, send
 * by chain, EVM, Solana or Bitcoin). On success: the success toast when the wallet's answer is a transaction
 * (docs/behaviour.md section 5), back to Account, the form reset and the balances read again past their
 * caches. On rejection or failure the form keeps everything and shows the error. A second call
 * while one runs does nothing: a double click sends once.
 */
export async function sendTokens(): Promise<boolean> {
  if ($send.get().loading) return false
  $send.set({ ...$send.get(), loading: true, error: undefined })
  const { namespace } = $account.get()
  const connector = activeConnector()
  if (!namespace || !SEND_NAMESPACES.includes(namespace) || !connector?.sendTransaction)
    return fail(SEND_UNSUPPORTED_CHAIN)
  const checked = await checkedTransfer()
  if (typeof checked === 'string') return fail(checked)
  let result: string
  try {
    const { network, from, token, receiver, amount } = checked
    const prepared = await prepareTransfer(network, from, token, receiver, amount)
    if (typeof prepared === 'string') return fail(prepared)
    result = await connector.sendTransaction(prepared.request)
  } catch (error) {
    const declined = providerErrorCode(error) === USER_REJECTED_CODE
    if (!declined) console.warn('[appkit] Sending failed:', error)
    const message = declined ? TRANSACTION_DECLINED : TRANSACTION_FAILED
    emitKitEvent('SEND_ERROR', { namespace, symbol: checked.token.symbol, message })
    return fail(message)
  }
  previewedBitcoin = undefined
  if (isTransactionResult(result) || (namespace === 'bip122' && BITCOIN_TXID.test(result)))
    showSuccess(TRANSACTION_SENT)
  emitKitEvent('SEND_SUCCESS', { namespace, symbol: checked.token.symbol })
  resetSendForm()
  if (!popToView('Account')) resetView('Account')
  void refreshBalances({ force: true })
  return true
}
