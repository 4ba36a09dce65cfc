// The embedded wallet's ERC-4337 smart account (local/chain/contracts/AppKitSmartAccount.sol: the
// reference SimpleAccount with ERC-1271) as a viem smart account: its counterfactual address from
// the factory, its calls encoded as execute / executeBatch, its first user operation deploying it
// (initCode: the factory's createAccount), user operations signed by the owner key over the
// EntryPoint v0.7 hash (as an Ethereum signed message, as SimpleAccount checks), and messages and
// typed data signed for ERC-1271 (the owner's signature over the hash the verifier passes).
import {
  encodeFunctionData,
  hashMessage,
  hashTypedData,
  type Address,
  type Chain,
  type Client,
  type Hex,
  type Transport,
  type LocalAccount,
  type TypedData,
  type TypedDataDefinition
} from 'viem'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
// The contracts' ABIs as local/chain/compile.ts generates them (browser-safe: data only).
import { appKitSmartAccountFactoryAbi } from '../../local/chain/abis.js'
import { accountCallsAbi } from '../../src/adapters/evm/smart-account-abi.js'

/** Each owner's account is salt 0: one smart account per owner key. */
export const SMART_ACCOUNT_SALT = 0n

/** A well-formed signature that recovers to no one: what gas estimation signs with. */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export interface SmartAccountContracts {
  readonly entryPoint: Address
  readonly factory: Address
}

export async function appKitSmartAccount(options: {
  /** A client of the account's chain (reads: the address, the nonce, whether it is deployed). */
  readonly client: Client<Transport, Chain | undefined, undefined>
  /** The owner: the embedded wallet's EVM key. */
  readonly owner: LocalAccount
  readonly contracts: SmartAccountContracts
}) {
  const { client, owner, contracts } = options
  const factoryData = encodeFunctionData({
    abi: appKitSmartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner.address, SMART_ACCOUNT_SALT]
  })
  const address = await readContract(client, {
    address: contracts.factory,
    abi: appKitSmartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner.address, SMART_ACCOUNT_SALT]
  })
  const signHash = (hash: Hex) => {
    if (!owner.sign) throw new Error('The owner key cannot sign a raw hash')
    return owner.sign({ hash })
  }
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: contracts.entryPoint, version: '0.7' },
    getAddress: async () => address,
    getFactoryArgs: async () => ({ factory: contracts.factory, factoryData }),
    async encodeCalls(calls) {
      const [call] = calls
      if (call && calls.length === 1) {
        return encodeFunctionData({
          abi: accountCallsAbi,
          functionName: 'execute',
          args: [call.to, call.value ?? 0n, call.data ?? '0x']
        })
      }
      return encodeFunctionData({
        abi: accountCallsAbi,
        functionName: 'executeBatch',
        args: [calls.map(call => call.to), calls.map(call => call.value ?? 0n), calls.map(call => call.data ?? '0x')]
      })
    },
    getStubSignature: async () => STUB_SIGNATURE,
    async signUserOperation(userOperation) {
      const chainId = userOperation.chainId ?? client.chain?.id
      if (chainId === undefined) throw new Error('The smart account needs the chain id to sign')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: contracts.entryPoint,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: address }
      })
      return owner.signMessage({ message: { raw: hash } })
    },
    signMessage: async ({ message }) => signHash(hashMessage(message)),
    signTypedData: async parameters => signHash(hashTypedData(parameters as TypedDataDefinition<TypedData, string>))
  })
}
