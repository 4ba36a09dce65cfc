// The auth client's Ethereum connector over the configured registries: which fid an address holds
// custody of (ID registry `idOf`), and whether an address is an fid's auth address (key registry
// `keyDataOf`: key type 2, state added). The ABIs are the registries' public interface.
import type { CreateClientArgs } from '@farcaster/auth-client'
import { createPublicClient, encodeAbiParameters, http, type Address } from 'viem'
import type { FarcasterSettings } from './settings.js'

const idRegistryAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }]
  }
] as const

const keyRegistryAbi = [
  {
    type: 'function',
    name: 'keyDataOf',
    stateMutability: 'view',
    inputs: [
      { name: 'fid', type: 'uint256' },
      { name: 'key', type: 'bytes' }
    ],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'state', type: 'uint8' },
          { name: 'keyType', type: 'uint32' }
        ]
      }
    ]
  }
] as const

type EthereumConnector = CreateClientArgs['ethereum']

const AUTH_ADDRESS_KEY_TYPE = 2
const KEY_ADDED = 1
const RPC_TIMEOUT_MS = 10_000

export function registryConnector(settings: FarcasterSettings): EthereumConnector {
  const publicClient = createPublicClient({
    transport: http(settings.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 })
  })
  return {
    publicClient: publicClient as EthereumConnector['publicClient'],
    getFid: (custody: Address) =>
      publicClient.readContract({
        address: settings.idRegistry,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [custody]
      }),
    async isValidAuthAddress(authAddress: Address, fid: bigint) {
      const key = encodeAbiParameters([{ type: 'address' }], [authAddress])
      const data = await publicClient.readContract({
        address: settings.keyRegistry,
        abi: keyRegistryAbi,
        functionName: 'keyDataOf',
        args: [fid, key]
      })
      return data.keyType === AUTH_ADDRESS_KEY_TYPE && data.state === KEY_ADDED
    }
  }
}
