// A smart session's key as a viem smart account (docs/guides/smart-sessions.md): the app holds the
// key, the account is the embedded wallet's smart account that granted it (GrantedSmartSession's
// `address`), and each user operation the key signs is one call: a transfer of the session's token
// (the account's execute(to, value, data)). The account's contract decides on chain whether it fits
// the session (the token, what is left of the limit, the expiry, not revoked). Send its user
// operations with viem's bundler client on the session's `bundlerUrl`, with `paymaster: true` (the
// backend sponsors them while the session lives). Imported only by an app that uses it.
import { encodeFunctionData, type Address, type Chain, type Client, type LocalAccount, type Transport } from 'viem'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import { accountCallsAbi } from './smart-account-abi.js'

import { SESSION_KEY_ONE_CALL, SESSION_KEY_SIGNS_OPERATIONS_ONLY } from './session-key-errors.js'

export { SESSION_KEY_ONE_CALL, SESSION_KEY_SIGNS_OPERATIONS_ONLY }

/** A well-formed signature that recovers to no key: what gas estimation is given. */
const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c' as const

export function sessionKeyAccount(options: {
  /** A client of the session's chain (the account's nonce is read through it). */
  readonly client: Client<Transport, Chain | undefined, undefined>
  /** The smart account that granted the session (GrantedSmartSession's `address`). */
  readonly address: Address
  /** The session key: the private key behind the grant's signer. */
  readonly key: LocalAccount
  /** The EntryPoint of the account (the bundler's eth_supportedEntryPoints). */
  readonly entryPoint: Address
}) {
  const { client, address, key, entryPoint } = options
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint, version: '0.7' },
    getAddress: async () => address,
    // The account exists: it was deployed when it granted the session.
    getFactoryArgs: async () => ({ factory: undefined, factoryData: undefined }),
    async encodeCalls(calls) {
      const [call] = calls
      if (!call || calls.length !== 1) throw new Error(SESSION_KEY_ONE_CALL)
      return encodeFunctionData({
        abi: accountCallsAbi,
        functionName: 'execute',
        args: [call.to, call.value ?? 0n, call.data ?? '0x']
      })
    },
    getStubSignature: async () => STUB_SIGNATURE,
    async signUserOperation(userOperation) {
      const chainId = userOperation.chainId ?? client.chain?.id
      if (chainId === undefined) throw new Error('The session key needs the chain id to sign')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: address }
      })
      return key.signMessage({ message: { raw: hash } })
    },
    signMessage: async () => {
      throw new Error(SESSION_KEY_SIGNS_OPERATIONS_ONLY)
    },
    signTypedData: async () => {
      throw new Error(SESSION_KEY_SIGNS_OPERATIONS_ONLY)
    }
  })
}
