// What an EVM call does, in words, for the approval (as solana-instructions.ts does for Solana):
// the call decoded from its data (evm-calldata.ts), its amounts in the token's own symbol and
// decimals as the chain says them (evm-contract-reads.ts). When the chain does not say them, the
// amount is shown raw, in the token's smallest unit, beside the contract's address: never a guess.
import { formatEther, formatUnits, isAddressEqual, type Address, type Hex } from 'viem'
import type { ApprovalRequest, TransactionSummary } from './approval-request.js'
import { decodeCalldata, type EvmCall } from './evm-calldata.js'
import { chainReader, ContractReads, type ContractInfo } from './evm-contract-reads.js'
import type { Forward } from './transactions.js'

export interface EvmCallSummary {
  /** What the call does, in a few words. */
  readonly action: string
  readonly details: ReadonlyArray<readonly [string, string]>
  /** A plain warning: this wallet cannot tell what the call does. */
  readonly warning?: string
  /** Whether the call's arguments are all in `details` (else the approval shows its data too). */
  readonly decoded: boolean
}

/**
 * An allowance from this many of the token's smallest units is shown as unlimited: max uint256,
 * which most apps ask for, and anything from 2^128, far beyond any token's supply (the largest in use
 * are near 10^36 units), such as the 2^160 - 1 of Permit2-style allowances.
 */
export const UNLIMITED_FROM = 2n ** 128n
export const UNKNOWN_CALL_WARNING = 'Unknown contract call: check you trust this app'
export const NOT_READ = 'the contract could not be read'
export const SELF = 'this wallet'

/** `address`, marked when it is the wallet's own. */
const who = (address: Address, wallet: Address | undefined): string =>
  wallet && isAddressEqual(address, wallet) ? `${address} (${SELF})` : address

/** An amount of `info`'s token, or the raw number when the token could not be read. */
function tokenAmount(amount: bigint, info: ContractInfo, token: Address): string {
  if (info.standard === 'erc20') return `${formatUnits(amount, info.decimals)} ${info.symbol}`
  return `${amount} of ${token} (in its smallest unit: ${NOT_READ})`
}

/** An ERC-20 allowance: from UNLIMITED_FROM on, "Unlimited <symbol>". */
function allowance(amount: bigint, info: Extract<ContractInfo, { standard: 'erc20' }>, token: Address): string {
  return amount >= UNLIMITED_FROM ? `Unlimited ${info.symbol}` : tokenAmount(amount, info, token)
}

const collection = (info: ContractInfo): Array<readonly [string, string]> =>
  info.standard === 'erc721' && info.name ? [['Collection', info.name]] : []

async function swap(
  call: Extract<EvmCall, { kind: 'swap' }>,
  reads: ContractReads,
  wallet: Address | undefined
): Promise<EvmCallSummary> {
  // Every token of the path read at once: one time limit for all of them.
  const infos = await Promise.all(call.path.map(token => reads.info(token)))
  const side = (amount: bigint, at: number, native: boolean): string => {
    const token = call.path[at]
    const info = infos[at]
    if (native) return `${formatEther(amount)} ETH`
    if (!token || !info) return `${amount} (no token named)`
    return tokenAmount(amount, info, token)
  }
  const details: Array<readonly [string, string]> = [
    ['Pay', side(call.amountIn, 0, call.nativeIn)],
    ['Receive at least', side(call.amountOutMin, call.path.length - 1, call.nativeOut)],
    ['Recipient', who(call.to, wallet)]
  ]
  if (call.path.length > 2) {
    const names = call.path.map((token, at) => {
      const info = infos[at]
      return info?.standard === 'erc20' ? info.symbol : token
    })
    details.push(['Route', names.join(' → ')])
  }
  return { action: 'Swap tokens', details, decoded: true }
}

/** What `call`, made to `contract`, does. */
async function describe(
  call: EvmCall,
  contract: Address,
  reads: ContractReads,
  wallet: Address | undefined
): Promise<EvmCallSummary> {
  switch (call.kind) {
    case 'transfer': {
      const info = await reads.info(contract)
      return {
        action: 'Send tokens',
        details: [
          ['To', who(call.to, wallet)],
          ['Amount', tokenAmount(call.amount, info, contract)]
        ],
        decoded: true
      }
    }
    case 'transfer-from': {
      const info = await reads.info(contract)
      const parties = [
        ['From', who(call.from, wallet)],
        ['To', who(call.to, wallet)]
      ] as const
      if (info.standard === 'erc721') {
        return {
          action: 'Send an NFT',
          details: [...parties, ['Token ID', String(call.value)], ...collection(info)],
          decoded: true
        }
      }
      if (info.standard === 'erc20') {
        return {
          action: 'Send tokens',
          details: [...parties, ['Amount', tokenAmount(call.value, info, contract)]],
          decoded: true
        }
      }
      return {
        action: 'Send tokens or an NFT',
        details: [...parties, ['Amount or token ID', `${call.value} (${NOT_READ})`]],
        decoded: true
      }
    }
    case 'approve': {
      const info = await reads.info(contract)
      if (info.standard === 'erc721') {
        return {
          action: 'Allow another account to move an NFT',
          details: [['Spender', who(call.spender, wallet)], ['Token ID', String(call.value)], ...collection(info)],
          decoded: true
        }
      }
      if (info.standard === 'erc20') {
        return {
          action: `Allow spending of your ${info.symbol}`,
          details: [
            ['Spender', who(call.spender, wallet)],
            ['Amount', allowance(call.value, info, contract)]
          ],
          decoded: true
        }
      }
      return {
        action: 'Allow another account to move tokens or an NFT',
        details: [
          ['Spender', who(call.spender, wallet)],
          ['Amount or token ID', `${call.value} (${NOT_READ})`]
        ],
        decoded: true
      }
    }
    case 'nft-transfer': {
      const info = await reads.info(contract)
      return {
        action: 'Send an NFT',
        details: [
          ['From', who(call.from, wallet)],
          ['To', who(call.to, wallet)],
          ['Token ID', String(call.tokenId)],
          ...collection(info)
        ],
        decoded: true
      }
    }
    case 'approval-for-all': {
      const info = await reads.info(contract)
      return {
        action: call.approved
          ? 'Allow another account to move all your NFTs of this collection'
          : 'Take back another account’s access to your NFTs of this collection',
        details: [['Operator', who(call.operator, wallet)], ...collection(info)],
        decoded: true
      }
    }
    case 'swap':
      return swap(call, reads, wallet)
    case 'named':
      return { action: `Call ${call.signature}`, details: [], decoded: false }
    case 'unknown':
      return describeUnknown(call)
  }
}

const describeUnknown = (call: Extract<EvmCall, { kind: 'unknown' }>): EvmCallSummary => ({
  action: 'Contract call',
  details: call.selector ? [['Function', `${call.selector} (not known to this wallet)`]] : [],
  warning: UNKNOWN_CALL_WARNING,
  decoded: false
})

/** `transaction` with what its data does, when it calls a contract with data. */
export async function describeTransaction(
  transaction: TransactionSummary,
  reads: ContractReads,
  wallet?: Address
): Promise<TransactionSummary> {
  const { to, data } = transaction
  if (!to || !data || data === '0x') return transaction
  try {
    const call = await describe(decodeCalldata(data as Hex, transaction.value), to as Address, reads, wallet)
    return { ...transaction, call }
  } catch (error) {
    // Never an approval held back or a guess shown because a description failed: it is unknown.
    console.warn('[frame] a contract call could not be described', error)
    return { ...transaction, call: describeUnknown({ kind: 'unknown' }) }
  }
}

/** `request` with each of its EVM transactions described; any other request as it is. */
export async function describeEvmCalls(
  request: ApprovalRequest,
  reads: ContractReads,
  wallet?: Address
): Promise<ApprovalRequest> {
  if (request.kind !== 'transactions') return request
  const transactions = await Promise.all(request.transactions.map(item => describeTransaction(item, reads, wallet)))
  return { ...request, transactions }
}

/**
 * `request` as the approval shows it: each EVM contract call in words, its contracts read through
 * `forward`, each within `timeoutMs` (service/frame/rpc.ts loads this module with the first transaction).
 */
export function describeForApproval(
  request: ApprovalRequest,
  forward: Forward,
  wallet: Address,
  timeoutMs?: number
): Promise<ApprovalRequest> {
  return describeEvmCalls(request, new ContractReads(chainReader(forward), timeoutMs), wallet)
}
