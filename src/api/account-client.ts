import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import { projectImageUrl } from './project-url.js'
import { balanceResponseSchema, type BalanceResponse, type TokenBalance } from './schemas/balance.js'
import { identityResponseSchema, type IdentityResponse } from './schemas/identity.js'
import { backendServes } from './supported-chains.js'

/**
 * What the connected account needs of the blockchain API (docs/behaviour.md section 7): its native balance
 * (GET /v1/account/{address}/balance) and its identity (GET /v1/identity/{address}). Only these two
 * calls and their schemas load with the connection code, not the whole blockchain API.
 */
export interface AccountClient {
  /**
   * The native token's balance on `caipNetworkId` in whole units ('1.5'); undefined when none is
   * listed, or when the backend does not serve the network (then nothing is asked: docs/behaviour.md section 5).
   */
  nativeBalance(
    address: string,
    caipNetworkId: string,
    options?: { readonly forceUpdate?: boolean; readonly signal?: AbortSignal }
  ): Promise<{ readonly balance: string; readonly symbol: string } | undefined>
  /**
   * The account's token balances on `caipNetworkId` (the native token and every token it holds),
   * without entries whose decimals are '0' (docs/behaviour.md section 5). `forceUpdate` skips the
   * backend's cache (after the kit sent a transaction). Undefined, with nothing asked, when the
   * backend does not serve the network (its /v1/supported-chains list: docs/behaviour.md section 5).
   */
  tokenBalances(
    address: string,
    caipNetworkId: string,
    options?: { readonly forceUpdate?: boolean; readonly signal?: AbortSignal }
  ): Promise<readonly TokenBalance[] | undefined>
  identity(address: string, signal?: AbortSignal): Promise<IdentityResponse>
  /** Origins whose plain-http URLs (an avatar) are safe besides https: the configured backend's. */
  readonly trustedOrigins: readonly string[]
}

export interface AccountClientConfig {
  readonly projectId: string
  readonly apiUrl: string | undefined
}

const slot = clientSlot(createAccountClient)

/** Replaces the client getAccountClient returns (tests and stories); undefined returns to the default. */
export function setAccountClient(client: AccountClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getAccountClient(config: AccountClientConfig | undefined): AccountClient | undefined {
  return slot.get(config)
}

const segment = (value: string) => encodeURIComponent(value)

function createAccountClient(projectId: string, apiUrl: string): AccountClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  const withProject = projectImageUrl(http, apiUrl)
  const serves = backendServes(http)
  /**
   * GET /v1/account/{address}/balance; a call without a signal joins an identical one on its way
   * (the native balance and the Tokens list read the same answer when an account connects: one
   * request, and one series of retries, for both).
   */
  const inFlight = new Map<string, Promise<BalanceResponse>>()
  const balances = (address: string, caipNetworkId: string, forceUpdate: boolean, signal?: AbortSignal) => {
    const ask = () =>
      http.get(`/v1/account/${segment(address)}/balance`, balanceResponseSchema, {
        query: { currency: 'usd', chainId: caipNetworkId, ...(forceUpdate ? { forceUpdate: 'true' } : {}) },
        ...(signal ? { signal } : {})
      })
    if (signal) return ask()
    const key = `${address} ${caipNetworkId} ${forceUpdate}`
    const pending = inFlight.get(key)
    if (pending) return pending
    const promise = ask().finally(() => inFlight.delete(key))
    inFlight.set(key, promise)
    return promise
  }
  return {
    async nativeBalance(address, caipNetworkId, options = {}) {
      if (!(await serves(caipNetworkId))) return undefined
      const response = await balances(address, caipNetworkId, options.forceUpdate ?? false, options.signal)
      // The native entry has no token address; decimals '0' are never a balance (docs/behaviour.md section 5).
      const native = response.balances.find(
        entry => entry.chainId === caipNetworkId && entry.address === undefined && entry.quantity.decimals !== '0'
      )
      return native ? { balance: native.quantity.numeric, symbol: native.symbol } : undefined
    },
    async tokenBalances(address, caipNetworkId, options = {}) {
      if (!(await serves(caipNetworkId))) return undefined
      const response = await balances(address, caipNetworkId, options.forceUpdate ?? false, options.signal)
      return response.balances
        .filter(entry => entry.chainId === caipNetworkId && entry.quantity.decimals !== '0')
        .map(entry => ({ ...entry, iconUrl: withProject(entry.iconUrl) }))
    },
    identity: (address, signal) =>
      http.get(`/v1/identity/${segment(address)}`, identityResponseSchema, { query: { sender: address }, signal }),
    trustedOrigins: [apiUrl]
  }
}
