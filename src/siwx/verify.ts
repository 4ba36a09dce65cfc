import type { SiwxSession } from '../api/schemas/siwx.js'
import { decodeBase58 } from '../utils/base58.js'
import { formatSiwxMessage, splitChainId } from './message.js'

/**
 * Verifies a sign-in session's signature (issue 12): EIP-191 for EVM accounts, EIP-1271 through
 * the chain for contract accounts, ed25519 for Solana, BIP-322 simple for Bitcoin (P2WPKH and P2TR
 * addresses). The same code runs in the browser (the local implementation) and in the reference
 * backend. viem loads only for an EVM session (evm-signature.ts), @noble/curves only for a Bitcoin
 * one (bitcoin-signature.ts); both beside the classic script.
 */

export interface VerifyOptions {
  /** The JSON-RPC URL of the session's EVM chain: without it a contract account cannot be verified. */
  readonly rpcUrl?: string
}

/** Why a session is refused, or undefined when its message and signature hold. */
export async function sessionProblem(session: SiwxSession, options: VerifyOptions = {}): Promise<string | undefined> {
  if (formatSiwxMessage(session.data) !== session.message) return 'the message text does not match its data'
  const [namespace, reference] = splitChainId(session.data.chainId)
  if (namespace === 'bip122') {
    const bitcoin = await import('./bitcoin-signature.js')
    const { accountAddress } = session.data
    const prefix = bitcoin.bitcoinAddressPrefix(reference)
    return bitcoin.bitcoinSignatureProblem(accountAddress, session.message, session.signature, prefix)
  }
  const valid =
    namespace === 'solana'
      ? await verifyEd25519(session.data.accountAddress, session.message, session.signature)
      : await (
          await import('./evm-signature.js')
        ).verifyEvmSignature(session.data.accountAddress, session.message, session.signature, {
          chainId: session.data.chainId,
          rpcUrl: options.rpcUrl
        })
  return valid ? undefined : 'the signature is not the account’s'
}

/** Raw ed25519 over the message's UTF-8 bytes, with WebCrypto (Chromium 137+, Node 20). */
async function verifyEd25519(address: string, message: string, signature: string): Promise<boolean> {
  const publicKey = decodeBase58(address)
  const signatureBytes = decodeBase58(signature)
  if (publicKey?.length !== 32 || signatureBytes?.length !== 64) return false
  try {
    const key = await crypto.subtle.importKey('raw', new Uint8Array(publicKey), { name: 'Ed25519' }, false, ['verify'])
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      new Uint8Array(signatureBytes),
      new TextEncoder().encode(message)
    )
  } catch {
    return false
  }
}
