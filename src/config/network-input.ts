import { caipNetworkSchema, CHAIN_NAMESPACES, type CaipNetwork, type ChainNamespace } from '../networks/types.js'
import { describeIssue } from './describe-issue.js'
import { AppKitOptionsError } from './options-error.js'

/**
 * Networks as an app may give them (issue 13): the kit's CAIP networks, or any viem `Chain` (an
 * object with a numeric `id` and no `caipNetworkId`), which becomes `eip155:{id}` keeping its name,
 * native currency, RPC URLs, block explorer and testnet flag. Checked by the options schema after.
 */

type Loose = Readonly<Record<string, unknown>>

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null

/** A viem chain's explorer as the kit keeps it (name and URL). */
function explorerOf(chain: Loose): CaipNetwork['blockExplorers'] | undefined {
  const explorers = chain.blockExplorers
  const explorer = isObject(explorers) && isObject(explorers.default) ? explorers.default : undefined
  return explorer ? { default: { name: explorer.name as string, url: explorer.url as string } } : undefined
}

/** `value` as a CAIP network when it is a viem chain; anything else as it is (the schema says what is wrong). */
export function fromViemChain(value: unknown): unknown {
  if (!isObject(value) || typeof value.id !== 'number' || 'caipNetworkId' in value) return value
  const rpc = isObject(value.rpcUrls) && isObject(value.rpcUrls.default) ? value.rpcUrls.default : undefined
  const explorer = explorerOf(value)
  return {
    id: value.id,
    caipNetworkId: `eip155:${value.id}`,
    chainNamespace: 'eip155',
    name: value.name,
    nativeCurrency: value.nativeCurrency,
    rpcUrls: {
      default: { http: rpc?.http, ...(rpc?.webSocket ? { webSocket: rpc.webSocket } : {}) }
    },
    ...(explorer ? { blockExplorers: explorer } : {}),
    ...(typeof value.testnet === 'boolean' ? { testnet: value.testnet } : {})
  }
}

/** The input of defineNetwork: a CAIP network whose caipNetworkId may be left to the helper. */
export type NetworkDefinition = Omit<CaipNetwork, 'caipNetworkId'> & { readonly caipNetworkId?: string }

/**
 * Builds a CAIP network for any namespace (`{namespace}:{id}` unless `caipNetworkId` is given),
 * checked as createAppKit checks `networks`: a bad field throws an AppKitOptionsError naming it.
 */
export function defineNetwork(definition: NetworkDefinition): CaipNetwork {
  const namespace = definition.chainNamespace as ChainNamespace
  const candidate = {
    ...definition,
    caipNetworkId:
      definition.caipNetworkId ??
      (CHAIN_NAMESPACES.includes(namespace) ? `${namespace}:${String(definition.id)}` : undefined)
  }
  const result = caipNetworkSchema().safeParse(candidate)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new AppKitOptionsError('network', 'a CAIP network')
  const { option, expected } = describeIssue(issue)
  throw new AppKitOptionsError(`network.${option}`, expected)
}
