// Where Sign In With Farcaster checks a login: the relay that carries it, and the chain (OP mainnet
// for the real network) whose ID and key registries say which address owns which fid.
//   APPKIT_FARCASTER_RELAY_URL     the Farcaster Auth relay (default https://relay.farcaster.xyz)
//   APPKIT_FARCASTER_RPC_URL       an RPC of the registries' chain (default https://mainnet.optimism.io)
//   APPKIT_FARCASTER_ID_REGISTRY   the ID registry's address (default: Farcaster's on OP mainnet)
//   APPKIT_FARCASTER_KEY_REGISTRY  the key registry's address (default: Farcaster's on OP mainnet)
// `npm start` points all four at its local relay and chain A (local/chain/deployment.ts).
import { getAddress, isAddress, type Address } from 'viem'

export interface FarcasterSettings {
  readonly relayUrl: string
  readonly rpcUrl: string
  readonly idRegistry: Address
  readonly keyRegistry: Address
}

export const FARCASTER_DEFAULTS: FarcasterSettings = {
  relayUrl: 'https://relay.farcaster.xyz',
  rpcUrl: 'https://mainnet.optimism.io',
  idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  keyRegistry: '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'
}

function url(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback
  try {
    const parsed = new URL(value)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http')
  } catch {
    throw new Error(`${name} is not an http(s) URL: ${value}`)
  }
  return value.replace(/\/$/, '')
}

function address(name: string, value: string | undefined, fallback: Address): Address {
  if (!value) return getAddress(fallback)
  if (!isAddress(value, { strict: false })) throw new Error(`${name} is not an address: ${value}`)
  return getAddress(value)
}

/** The settings from the environment over the defaults; throws naming a malformed setting. */
export function farcasterSettingsFromEnv(env: NodeJS.ProcessEnv): FarcasterSettings {
  return {
    relayUrl: url('APPKIT_FARCASTER_RELAY_URL', env.APPKIT_FARCASTER_RELAY_URL, FARCASTER_DEFAULTS.relayUrl),
    rpcUrl: url('APPKIT_FARCASTER_RPC_URL', env.APPKIT_FARCASTER_RPC_URL, FARCASTER_DEFAULTS.rpcUrl),
    idRegistry: address(
      'APPKIT_FARCASTER_ID_REGISTRY',
      env.APPKIT_FARCASTER_ID_REGISTRY,
      FARCASTER_DEFAULTS.idRegistry
    ),
    keyRegistry: address(
      'APPKIT_FARCASTER_KEY_REGISTRY',
      env.APPKIT_FARCASTER_KEY_REGISTRY,
      FARCASTER_DEFAULTS.keyRegistry
    )
  }
}
