import type { HttpClient } from './http-client.js'
import {
  balanceResponseSchema,
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  convertAllowanceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
  fungiblePriceResponseSchema,
  gasPriceResponseSchema,
  historyResponseSchema,
  identityResponseSchema,
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
  profileAccountResponseSchema,
  profileReverseResponseSchema,
  profileSuggestionsResponseSchema,
  registerNameResponseSchema,
  type BalanceResponse,
  type BuildApproveQuery,
  type BuildTransactionBody,
  type ConvertAllowanceQuery,
  type ConvertQuotesQuery,
  type OnrampQuoteBody,
  type OnrampUrlBody,
  type RegisterNameBody,
  type TokenBalance
} from './schemas/index.js'

export interface BalanceOptions {
  /** CAIP-2 chain id; all chains when absent. */
  chainId?: string
  /** Bypass the backend's balance cache. */
  forceUpdate?: boolean
  signal?: AbortSignal
}

export interface HistoryOptions {
  cursor?: string | null
  chainId?: string
  /** 'coinbase': only onramp purchases, fetched with cache 'no-cache' (docs/behaviour.md section 7). */
  onramp?: 'coinbase'
  signal?: AbortSignal
}

/** Token balances with decimals '0' are dropped (docs/behaviour.md section 5). */
export function withoutZeroDecimals(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter(balance => balance.quantity.decimals !== '0')
}

const segment = (value: string) => encodeURIComponent(value)

/**
 * The blockchain/wallet API of docs/behaviour.md section 7, one typed function per endpoint. Every answer is
 * parsed with the shared schemas; nothing here knows a store or an element.
 */
export function createBlockchainApi(http: HttpClient) {
  return {
    // GET /v1/supported-chains is read by supported-chains.ts, once per page for every client.

    identity: (address: string, options: { sender?: string; signal?: AbortSignal } = {}) =>
      http.get(`/v1/identity/${segment(address)}`, identityResponseSchema, {
        query: { sender: options.sender },
        signal: options.signal
      }),

    history: (account: string, options: HistoryOptions = {}) =>
      http.get(`/v1/account/${segment(account)}/history`, historyResponseSchema, {
        query: { cursor: options.cursor ?? undefined, chainId: options.chainId, onramp: options.onramp },
        cache: options.onramp === 'coinbase' ? 'no-cache' : undefined,
        signal: options.signal
      }),

    async balance(address: string, options: BalanceOptions = {}): Promise<BalanceResponse> {
      const response = await http.get(`/v1/account/${segment(address)}/balance`, balanceResponseSchema, {
        query: { currency: 'usd', chainId: options.chainId, forceUpdate: options.forceUpdate || undefined },
        signal: options.signal
      })
      return { balances: withoutZeroDecimals(response.balances) }
    },

    convertTokens: (chainId: string) =>
      http.get('/v1/convert/tokens', convertTokensResponseSchema, { query: { chainId } }),

    convertQuotes: (query: ConvertQuotesQuery) =>
      http.get('/v1/convert/quotes', convertQuotesResponseSchema, { query: { ...query } }),

    convertAllowance: (query: ConvertAllowanceQuery) =>
      http.get('/v1/convert/allowance', convertAllowanceResponseSchema, { query: { ...query } }),

    gasPrice: (chainId: string) => http.get('/v1/convert/gas-price', gasPriceResponseSchema, { query: { chainId } }),

    buildApprove: (query: BuildApproveQuery) =>
      http.get('/v1/convert/build-approve', buildApproveResponseSchema, { query: { ...query } }),

    buildTransaction: (body: Omit<BuildTransactionBody, 'projectId'>) =>
      http.post('/v1/convert/build-transaction', buildTransactionResponseSchema, {
        body: { ...body, projectId: http.projectId }
      }),

    fungiblePrice: (addresses: readonly string[], currency: 'usd' = 'usd') =>
      http.post('/v1/fungible/price', fungiblePriceResponseSchema, {
        body: { projectId: http.projectId, currency, addresses }
      }),

    profileAccount: (name: string) =>
      http.get(`/v1/profile/account/${segment(name)}`, profileAccountResponseSchema, { query: { apiVersion: '2' } }),

    profileReverse: (address: string, options: { sender?: string } = {}) =>
      http.get(`/v1/profile/reverse/${segment(address)}`, profileReverseResponseSchema, {
        query: { sender: options.sender, apiVersion: '2' }
      }),

    profileSuggestions: (name: string, options: { zone?: string } = {}) =>
      http.get(`/v1/profile/suggestions/${segment(name)}`, profileSuggestionsResponseSchema, {
        query: { zone: options.zone }
      }),

    registerName: (body: RegisterNameBody) => http.post('/v1/profile/account', registerNameResponseSchema, { body }),

    onrampUrl: (body: OnrampUrlBody) => http.post('/v1/generators/onrampurl', onrampUrlResponseSchema, { body }),

    onrampOptions: () => http.get('/v1/onramp/options', onrampOptionsResponseSchema),

    onrampQuote: (body: OnrampQuoteBody) => http.post('/v1/onramp/quote', onrampQuoteResponseSchema, { body })
  }
}

export type BlockchainApi = ReturnType<typeof createBlockchainApi>
