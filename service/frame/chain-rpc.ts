// Where the frame's JSON-RPC goes (service/frame/README.md, "Networks"): to its backend first (POST
// /frame-api/rpc), which serves its own chains and the spec's frame networks; a network the backend
// does not serve (404 'Unknown chain') goes to the app's own RPC URL for it, which the page gave in
// syncDappData, called from here with fetch. The backend never fetches a URL a page chose (that
// would be a server-side request forgery). Before its first use, an app's URL must name the network
// asked: an EVM node's eth_chainId, a Solana node's genesis hash.
import { UNKNOWN_CHAIN } from '../../src/frame/rpc-methods.js'
import type { FetchInit } from '../../src/utils/web-globals.js'
import { BackendError, type Backend } from './backend.js'
import { toHexChainId } from './chains.js'

/** A network of the app: its CAIP-2 id and its RPC URL (http or https). */
export interface AppNetwork {
  readonly caipNetworkId: string
  readonly rpcUrl: string
}

export const noRpcFor = (chainId: string): string =>
  `No RPC for ${chainId}: the wallet's backend does not serve it and the app gave no RPC URL for it`
export const otherChainAt = (chainId: string): string => `The app's RPC URL for ${chainId} serves another network`

const RPC_TIMEOUT_MS = 15_000

export class ChainRpc {
  readonly #backend: Pick<Backend, 'rpc'>
  readonly #fetch: typeof fetch
  readonly #appUrls = new Map<string, string>()
  /** Networks the backend said it does not serve: not asked again. */
  readonly #unserved = new Set<string>()
  /** Each app URL's check, by network and URL. */
  readonly #checks = new Map<string, Promise<void>>()
  #nextId = 1

  constructor(backend: Pick<Backend, 'rpc'>, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
    this.#backend = backend
    this.#fetch = fetchImpl
  }

  /** The app's networks (syncDappData): replaces the ones given before. */
  setAppNetworks(networks: readonly AppNetwork[]): void {
    this.#appUrls.clear()
    for (const { caipNetworkId, rpcUrl } of networks) this.#appUrls.set(caipNetworkId, rpcUrl)
  }

  /** The JSON-RPC answer to `request` from the network `chainId` ('eip155:1', 'solana:…'). */
  async rpc(chainId: string, request: unknown): Promise<unknown> {
    if (!this.#unserved.has(chainId)) {
      try {
        return await this.#backend.rpc(chainId, request)
      } catch (error) {
        if (!(error instanceof BackendError && error.status === 404 && error.message === UNKNOWN_CHAIN)) throw error
        this.#unserved.add(chainId)
      }
    }
    const url = this.#appUrls.get(chainId)
    if (!url) throw new Error(noRpcFor(chainId))
    await this.#check(chainId, url)
    return this.#post(chainId, url, request)
  }

  #check(chainId: string, url: string): Promise<void> {
    const key = `${chainId} ${url}`
    let check = this.#checks.get(key)
    if (!check) {
      check = this.#servesNetwork(chainId, url)
      // A failed check (the node down) is tried again next time.
      check.catch(() => this.#checks.delete(key))
      this.#checks.set(key, check)
    }
    return check
  }

  async #servesNetwork(chainId: string, url: string): Promise<void> {
    const solana = chainId.startsWith('solana:')
    const method = solana ? 'getGenesisHash' : 'eth_chainId'
    const answer = (await this.#post(chainId, url, { jsonrpc: '2.0', id: this.#nextId++, method, params: [] })) as {
      result?: unknown
    }
    const result = typeof answer === 'object' && answer !== null ? answer.result : undefined
    const reference = chainId.slice(chainId.indexOf(':') + 1)
    const matches = solana
      ? typeof result === 'string' && result.startsWith(reference)
      : typeof result === 'string' && result.toLowerCase() === toHexChainId(Number(reference))
    if (!matches) throw new Error(otherChainAt(chainId))
  }

  async #post(chainId: string, url: string, request: unknown): Promise<unknown> {
    const init: FetchInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS)
    }
    const response = await this.#fetch(url, init)
    try {
      return (await response.json()) as unknown
    } catch {
      throw new Error(`The app's RPC URL for ${chainId} answered ${response.status} without JSON`)
    }
  }
}
