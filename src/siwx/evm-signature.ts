import { getAddress, hashMessage, isAddress, isAddressEqual, isHex, recoverMessageAddress } from 'viem'
import * as z from 'zod/mini'
import { RpcClient } from '../api/rpc-client.js'

/**
 * The sign-in flow's EVM cryptography, the only module of src/siwx that imports viem (its
 * utilities, no client): loaded when an EVM message is written or verified (a chunk of its own
 * in both script-tag builds).
 */

/** An EVM address in its EIP-55 checksum form (EIP-4361 requires it in the message). */
export const checksumAddress = (address: string): string => getAddress(address)

/** isValidSignature(bytes32,bytes): its selector, which is also the answer for a valid signature (ERC-1271). */
const IS_VALID_SIGNATURE = '1626ba7e'

const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))

const word = (hex: string) => hex.padStart(64, '0')

/** The calldata of isValidSignature(hash, signature), ABI-encoded by hand. */
function isValidSignatureCall(hash: string, signature: string): string {
  const bytes = signature.slice(2)
  const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0')
  return `0x${IS_VALID_SIGNATURE}${word(hash.slice(2))}${word('40')}${word((bytes.length / 2).toString(16))}${padded}`
}

/** EIP-191 by recovering the signer; a contract account through the chain (EIP-1271), when an RPC is given. */
export async function verifyEvmSignature(
  address: string,
  message: string,
  signature: string,
  chain: { readonly chainId: string; readonly rpcUrl: string | undefined }
): Promise<boolean> {
  if (!isAddress(address) || !isHex(signature)) return false
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
  } catch {
    // not a 65-byte ECDSA signature: maybe a contract account's
  }
  if (!chain.rpcUrl) return false
  const rpc = new RpcClient({ url: chain.rpcUrl, chainId: chain.chainId, retryCount: 1 })
  try {
    const code = await rpc.request('eth_getCode', [address, 'latest'], hexSchema)
    if (code === '0x') return false
    const call = { to: address, data: isValidSignatureCall(hashMessage(message), signature) }
    const answer = await rpc.request('eth_call', [call, 'latest'], hexSchema)
    return answer.slice(2, 10).toLowerCase() === IS_VALID_SIGNATURE
  } catch {
    return false
  }
}
