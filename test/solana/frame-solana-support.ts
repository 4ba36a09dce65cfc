/**
 * What the embedded wallet's Solana tests (frame-solana.test.ts, frame-solana-sign.test.ts) share:
 * the frame's RPC with Carol's key as its Solana key in front of the local runtime, what it asks the
 * approval, and legacy transfers to sign.
 */
import assert from 'node:assert/strict'
import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import { bytesToHex } from 'viem'
import type { ApprovalRequest } from '../../service/frame/approval-request.js'
import { Keyring } from '../../service/frame/keys.js'
import { createRpc, type RpcRequest } from '../../service/frame/rpc.js'
import { solanaLocal } from '../../src/networks/definitions.js'
import { testUsdCoin } from '../../local/solana/accounts.js'
import { testKeypair } from './helpers.js'
import type { LocalRuntime } from './local-runtime.js'

const HARDHAT_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const carol = testKeypair(2)
export const dave = testKeypair(3)
export const mint = new PublicKey(testUsdCoin.address)
export const CHAIN = solanaLocal.caipNetworkId

export type Solana = Extract<ApprovalRequest, { kind: 'solana-transactions' }>

export const details = (request: Solana, transaction = 0): Array<Record<string, string>> =>
  request.transactions[transaction]!.instructions.map(instruction => ({
    program: instruction.program,
    action: instruction.action,
    ...Object.fromEntries(instruction.details)
  }))

/** The frame and the transactions to give it, on the file's local runtime. */
export function frameTools(local: LocalRuntime) {
  /** The frame's RPC with Carol's key as its Solana key; the chain behind it is the local runtime. */
  function frame(options: { approve?: () => Promise<void>; solanaChainId?: string } = {}) {
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: HARDHAT_KEY },
      { namespace: 'solana', privateKey: bytesToHex(carol.secretKey.slice(0, 32)) }
    ])
    const asked: Solana[] = []
    const forwarded: Array<{ chainId: string; method: string }> = []
    const rpc = createRpc({
      account: async () => ({ email: 'carol@example.com', keyring }),
      isCurrent: () => true,
      chainId: () => 31337,
      solanaChainId: () => options.solanaChainId,
      backend: {
        // What POST /frame-api/rpc?chainId=… does: the JSON-RPC request to that chain's node, its answer back.
        async rpc(chainId, request) {
          assert.equal(chainId, CHAIN, 'only the local Solana network is known')
          forwarded.push({ chainId, method: (request as { method: string }).method })
          const response = await fetch(local.rpcUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(request)
          })
          return response.json()
        }
      },
      approve: async request => {
        assert.equal(request.kind, 'solana-transactions')
        asked.push(request as Solana)
        await options.approve?.()
      }
    })
    const call = (method: string, params: unknown) => rpc({ method, params } as RpcRequest)
    return { keyring, asked, forwarded, call }
  }

  async function blockhash(): Promise<string> {
    return (await local.connection.getLatestBlockhash('confirmed')).blockhash
  }

  /** A legacy transaction moving `lamports` from `from` to `to`, unsigned, as base64. */
  async function solTransfer(from: PublicKey, to: PublicKey, lamports: number, ...more: TransactionInstruction[]) {
    const transaction = new Transaction({ feePayer: from, recentBlockhash: await blockhash() })
    transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }), ...more)
    return transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
  }

  return { frame, blockhash, solTransfer }
}
