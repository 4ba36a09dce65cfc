import { PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import * as z from 'zod/mini'
import { RpcClient } from '../../api/rpc-client.js'
import type { TransactionRequest } from '../../connectors/types.js'
import type { CaipNetwork } from '../../networks/types.js'

/**
 * Solana transfers: SOL with the System program's transfer; an SPL token with the Token program's
 * transferChecked between the two owners' associated token accounts, creating the receiver's first
 * (idempotently) when it has none. @solana/web3.js builds the transaction; this module loads only
 * when a visitor sends on Solana. Chain reads go to the network's own RPC.
 */

export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const TOKEN_PROGRAM_IDS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
] as const
/** The size of an SPL token account: its rent is what creating the receiver's costs. */
const TOKEN_ACCOUNT_SIZE = 165
/** The Token program's TransferChecked and the associated token program's CreateIdempotent. */
const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

const blockhashSchema = z.object({ value: z.object({ blockhash: z.string() }) })
const accountInfoSchema = z.object({ value: z.nullable(z.object({ owner: z.string() })) })
const feeSchema = z.object({ value: z.nullable(z.number()) })
const lamportsSchema = z.number()

export interface SolanaTransfer {
  readonly request: Extract<TransactionRequest, { namespace: 'solana' }>
  /** The network fee in lamports, with the rent of the receiver's token account when it is created. */
  readonly fee: bigint
  /** Whether the transaction creates the receiver's associated token account. */
  readonly createsTokenAccount: boolean
}

function rpcOf(network: CaipNetwork): RpcClient {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  return new RpcClient({ url, chainId: network.caipNetworkId })
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): PublicKey {
  const [address] = PublicKey.findProgramAddressSync(
    [owner.toBytes(), tokenProgram.toBytes(), mint.toBytes()],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID)
  )
  return address
}

function u64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return bytes
}

function base64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

/**
 * The transaction that moves `amount` (smallest unit) to `receiver`: `mint` undefined for SOL. It
 * reads the latest blockhash, the mint's program and whether the receiver's token account exists,
 * and the fee of the compiled message.
 */
export async function buildSolanaTransfer(options: {
  readonly network: CaipNetwork
  readonly from: string
  readonly receiver: string
  readonly amount: bigint
  readonly mint: string | undefined
  readonly decimals: number
}): Promise<SolanaTransfer> {
  const { network, amount, decimals } = options
  const rpc = rpcOf(network)
  const from = new PublicKey(options.from)
  const receiver = new PublicKey(options.receiver)
  const transaction = new Transaction({ feePayer: from })
  let createsTokenAccount = false
  if (!options.mint) {
    transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: receiver, lamports: amount }))
  } else {
    const mint = new PublicKey(options.mint)
    const mintInfo = await rpc.request('getAccountInfo', [mint.toBase58(), { encoding: 'base64' }], accountInfoSchema)
    const owner = mintInfo.value?.owner
    if (!owner || !(TOKEN_PROGRAM_IDS as readonly string[]).includes(owner))
      throw new Error(`${options.mint} is not a token mint on ${network.name}`)
    const tokenProgram = new PublicKey(owner)
    const source = associatedTokenAddress(from, mint, tokenProgram)
    const destination = associatedTokenAddress(receiver, mint, tokenProgram)
    const destinationInfo = await rpc.request(
      'getAccountInfo',
      [destination.toBase58(), { encoding: 'base64', commitment: 'confirmed' }],
      accountInfoSchema
    )
    if (!destinationInfo.value) {
      createsTokenAccount = true
      transaction.add(
        new TransactionInstruction({
          programId: new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
          keys: [
            { pubkey: from, isSigner: true, isWritable: true },
            { pubkey: destination, isSigner: false, isWritable: true },
            { pubkey: receiver, isSigner: false, isWritable: false },
            { pubkey: mint, isSigner: false, isWritable: false },
            { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
            { pubkey: tokenProgram, isSigner: false, isWritable: false }
          ],
          data: Uint8Array.of(CREATE_IDEMPOTENT) as never
        })
      )
    }
    transaction.add(
      new TransactionInstruction({
        programId: tokenProgram,
        keys: [
          { pubkey: source, isSigner: false, isWritable: true },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: from, isSigner: true, isWritable: false }
        ],
        data: Uint8Array.of(TRANSFER_CHECKED, ...u64(amount), decimals) as never
      })
    )
  }
  const latest = await rpc.request('getLatestBlockhash', [{ commitment: 'confirmed' }], blockhashSchema)
  transaction.recentBlockhash = latest.value.blockhash
  const message = transaction.compileMessage().serialize()
  const [fee, rent] = await Promise.all([
    rpc.request('getFeeForMessage', [base64(message), { commitment: 'confirmed' }], feeSchema),
    createsTokenAccount
      ? rpc.request('getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE], lamportsSchema)
      : Promise.resolve(0)
  ])
  const serialized = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
  return {
    request: {
      namespace: 'solana',
      from: options.from,
      chain: network.caipNetworkId,
      transaction: new Uint8Array(serialized)
    },
    fee: BigInt(fee.value ?? 0) + BigInt(rent),
    createsTokenAccount
  }
}
