import { providerErrorCode, USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import { isTransactionHash } from '../../utils/address.js'
import { $account } from '../account.js'
import { refreshAccountDetails } from '../account/account-details.js'
import { activeConnector } from '../connect/connection.js'
import { popToView, popView, pushTransactionStack, resetView } from '../router.js'
import { showSuccess } from '../toast.js'
import { emitKitEvent } from '../kit-events.js'
import { refreshTokenBalances } from '../account/token-balances.js'
import { finishTransaction } from '../transaction-stack.js'
import { sendAtomicBatch, supportsAtomicBatch, type EvmRequest } from '../../adapters/evm/send-calls.js'
import { isNativeToken, SWAPS_NOT_SUPPORTED } from './rules.js'
import { $swap, client, fail, sourceUnits, swapNetwork } from './swap.js'
import { APPROVAL_FAILED, SWAP_DECLINED, SWAP_DONE, SWAP_FAILED, SWAP_NO_QUOTE } from './texts.js'

/**
 * Carrying out a swap (docs/behaviour.md sections 4 and 7): the allowance check, the approval through the
 * transaction stack (ApproveTransaction) or, with a wallet that batches atomically, in one EIP-5792
 * wallet_sendCalls with the swap; build-transaction and the wallet.
 */

function visitorError(error: unknown, declined: string, failed: string): string {
  const rejected = providerErrorCode(error) === USER_REJECTED_CODE
  if (!rejected) console.warn('[appkit] The swap failed:', error)
  const message = rejected ? declined : failed
  emitKitEvent('SWAP_ERROR', { message })
  return message
}

/**
 * Swaps (docs/behaviour.md section 7): when the source token is not native and the router's allowance is
 * short, ApproveTransaction opens through the transaction stack (its success continues the swap;
 * cancel or error goes back); then build-transaction at the slippage, the wallet sends it, and on
 * success the toast, Account, and the balances read again.
 */
export async function executeSwap(options: { readonly approved?: boolean } = {}): Promise<boolean> {
  const state = $swap.get()
  if (state.executing) return false
  const { caipAddress } = $account.get()
  const amount = sourceUnits(state)
  if (!state.sourceToken || !state.toToken || !amount || !caipAddress) return fail(SWAP_NO_QUOTE)
  const api = client()
  if (!api) return fail(SWAP_NO_QUOTE)
  $swap.set({ ...state, executing: true, error: undefined })
  try {
    swapNetwork()
    // Just approved: the swap goes on without asking again (a wallet whose approval did not take
    // would otherwise be asked in a loop; the swap then fails and says so).
    if (!isNativeToken(state.sourceToken) && !options.approved) {
      const allowance = await api.allowance({ tokenAddress: state.sourceToken.address, userAddress: caipAddress })
      if (allowance < amount) {
        // A wallet that batches atomically gets the approval and the swap as one request.
        const batched = await atomicBatchAvailable(caipAddress)
        if (batched) return sendApproveAndSwap(amount, caipAddress, batched)
        $swap.setKey('executing', false)
        // Approved: back to the preview, and the swap goes on from there.
        pushTransactionStack({
          view: 'ApproveTransaction',
          onSuccess: () => {
            popView()
            void executeSwap({ approved: true })
          }
        })
        return false
      }
    }
  } catch (error) {
    return fail(
      error instanceof Error && error.message === SWAPS_NOT_SUPPORTED
        ? SWAPS_NOT_SUPPORTED
        : visitorError(error, SWAP_DECLINED, SWAP_FAILED)
    )
  }
  return sendSwap(amount, caipAddress)
}

/** The wallet's request function when it runs EIP-5792 batches atomically on the swap network. */
async function atomicBatchAvailable(caipAddress: string): Promise<EvmRequest | undefined> {
  const request = activeConnector()?.evmRequest
  const network = swapNetwork()
  if (!request || typeof network.id !== 'number') return undefined
  const address = caipAddress.split(':').at(-1) ?? ''
  return (await supportsAtomicBatch(request, address, network.id)) ? request : undefined
}

/**
 * The approval and the swap as one atomic wallet_sendCalls (EIP-5792): built without a gas
 * estimate (the swap can only be estimated once the approval is in), then the batch's status is
 * polled until it is final.
 */
async function sendApproveAndSwap(amount: bigint, caipAddress: string, request: EvmRequest): Promise<boolean> {
  const state = $swap.get()
  const network = swapNetwork()
  const api = client()
  if (!state.sourceToken || !state.toToken || !api || typeof network.id !== 'number') return fail(SWAP_FAILED)
  try {
    const [approve, tx] = await Promise.all([
      api.buildApprove({
        userAddress: caipAddress,
        from: state.sourceToken.address,
        to: state.toToken.address,
        amount: amount.toString()
      }),
      api.buildTransaction({
        amount: amount.toString(),
        eip155: { slippage: state.slippage.trim() },
        from: state.sourceToken.address,
        to: state.toToken.address,
        userAddress: caipAddress,
        disableEstimate: true
      })
    ])
    const succeeded = await sendAtomicBatch(request, {
      from: tx.from,
      chainId: network.id,
      calls: [
        { to: approve.to, data: approve.data, value: BigInt(approve.value) },
        { to: tx.to, data: tx.data, value: BigInt(tx.value) }
      ]
    })
    if (!succeeded) return fail(SWAP_FAILED)
  } catch (error) {
    return fail(visitorError(error, SWAP_DECLINED, SWAP_FAILED))
  }
  return swapDone(caipAddress)
}

/** After a swap went through: the toast, Account, the form's amount emptied, the balances read again. */
function swapDone(caipAddress: string): true {
  const connector = activeConnector()
  showSuccess(SWAP_DONE)
  const { sourceToken, toToken } = $swap.get()
  emitKitEvent('SWAP_SUCCESS', { from: sourceToken?.symbol, to: toToken?.symbol })
  $swap.set({ ...$swap.get(), executing: false, sourceAmount: '', quote: undefined })
  if (!popToView('Account')) resetView('Account')
  void refreshTokenBalances({ force: true })
  const address = caipAddress.split(':').at(-1) ?? ''
  if (connector) void refreshAccountDetails({ force: true, fromWallet: () => connector.getBalance(address) })
  return true
}

async function sendSwap(amount: bigint, caipAddress: string): Promise<boolean> {
  const state = $swap.get()
  const connector = activeConnector()
  const network = swapNetwork()
  if (!state.sourceToken || !state.toToken || !connector?.sendTransaction) return fail(SWAP_FAILED)
  const api = client()
  if (!api) return fail(SWAP_FAILED)
  try {
    const tx = await api.buildTransaction({
      amount: amount.toString(),
      eip155: { slippage: state.slippage.trim() },
      from: state.sourceToken.address,
      to: state.toToken.address,
      userAddress: caipAddress
    })
    const hash = await connector.sendTransaction({
      namespace: 'eip155',
      from: tx.from,
      to: tx.to,
      value: BigInt(tx.value),
      data: tx.data as `0x${string}`
    })
    if (isTransactionHash(hash)) {
      const { waitForReceipt } = await import('../../adapters/evm/receipt.js')
      if (!(await waitForReceipt(network, hash))) return fail(SWAP_FAILED)
    }
  } catch (error) {
    return fail(visitorError(error, SWAP_DECLINED, SWAP_FAILED))
  }
  return swapDone(caipAddress)
}

/** An approval that failed: the transaction stack's error goes back to the preview, which shows why. */
function approvalFailed(error: string): false {
  fail(error)
  finishTransaction('error')
  return false
}

/**
 * ApproveTransaction's Approve: build-approve for the amount, the wallet sends it, the receipt is
 * waited for; success continues the swap (the transaction stack's handler); a rejection or failure
 * goes back to the preview with the error (docs/behaviour.md section 4: error or cancel goes back).
 */
export async function approveSwapToken(): Promise<boolean> {
  const state = $swap.get()
  if (state.executing) return false
  const { caipAddress } = $account.get()
  const amount = sourceUnits(state)
  const connector = activeConnector()
  const api = client()
  if (!state.sourceToken || !state.toToken || !amount || !caipAddress || !connector?.sendTransaction || !api)
    return approvalFailed(APPROVAL_FAILED)
  $swap.set({ ...state, executing: true, error: undefined })
  try {
    const network = swapNetwork()
    const approve = await api.buildApprove({
      userAddress: caipAddress,
      from: state.sourceToken.address,
      to: state.toToken.address,
      amount: amount.toString()
    })
    const hash = await connector.sendTransaction({
      namespace: 'eip155',
      from: approve.from,
      to: approve.to,
      value: BigInt(approve.value),
      data: approve.data as `0x${string}`
    })
    if (isTransactionHash(hash)) {
      const { waitForReceipt } = await import('../../adapters/evm/receipt.js')
      if (!(await waitForReceipt(network, hash))) return approvalFailed(APPROVAL_FAILED)
    }
  } catch (error) {
    return approvalFailed(visitorError(error, SWAP_DECLINED, APPROVAL_FAILED))
  }
  $swap.setKey('executing', false)
  finishTransaction('success')
  return true
}

/** ApproveTransaction's Cancel: the transaction stack's cancel (back to the preview). */
export function cancelApproval(): void {
  $swap.set({ ...$swap.get(), executing: false, error: undefined })
  finishTransaction('cancel')
}
