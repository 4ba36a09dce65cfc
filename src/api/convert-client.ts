import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import {
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  convertAllowanceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
  gasPriceResponseSchema,
  type BuildApproveQuery,
  type BuildApproveResponse,
  type BuildTransactionBody,
  type ConvertAllowanceQuery,
  type ConvertQuotesQuery,
  type GasPriceResponse,
  type SwapQuote,
  type SwapToken,
  type UnsignedTransaction
} from './schemas/convert.js'
import { fungiblePriceResponseSchema } from './schemas/fungible.js'

/**
 * The swap ("convert") calls of docs/behaviour.md section 7. Its own module so that the convert schemas load
 * with the Swap views.
 */
export interface ConvertClient {
  tokens(chainId: string): Promise<SwapToken[]>
  quotes(query: ConvertQuotesQuery, signal?: AbortSignal): Promise<SwapQuote[]>
  allowance(query: ConvertAllowanceQuery): Promise<bigint>
  gasPrice(chainId: string): Promise<GasPriceResponse>
  buildApprove(query: BuildApproveQuery): Promise<BuildApproveResponse>
  buildTransaction(body: Omit<BuildTransactionBody, 'projectId'>): Promise<UnsignedTransaction>
  /** USD prices of tokens by CAIP-10 id (POST /v1/fungible/price); a token without a price is absent. */
  prices(addresses: readonly string[]): Promise<Record<string, number>>
}

const slot = clientSlot(createConvertClient)

/** Replaces the client getConvertClient returns (tests and stories); undefined returns to the default. */
export function setConvertClient(client: ConvertClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getConvertClient(
  config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined
) {
  return slot.get(config)
}

function createConvertClient(projectId: string, apiUrl: string): ConvertClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return {
    tokens: async chainId =>
      (await http.get('/v1/convert/tokens', convertTokensResponseSchema, { query: { chainId } })).tokens,
    quotes: async (query, signal) =>
      (
        await http.get('/v1/convert/quotes', convertQuotesResponseSchema, {
          query: { ...query },
          ...(signal ? { signal } : {})
        })
      ).quotes,
    allowance: async query =>
      BigInt(
        (await http.get('/v1/convert/allowance', convertAllowanceResponseSchema, { query: { ...query } })).allowance
      ),
    gasPrice: chainId => http.get('/v1/convert/gas-price', gasPriceResponseSchema, { query: { chainId } }),
    buildApprove: query => http.get('/v1/convert/build-approve', buildApproveResponseSchema, { query: { ...query } }),
    buildTransaction: async body =>
      (
        await http.post('/v1/convert/build-transaction', buildTransactionResponseSchema, {
          body: { ...body, projectId }
        })
      ).tx,
    async prices(addresses) {
      const { fungibles } = await http.post('/v1/fungible/price', fungiblePriceResponseSchema, {
        body: { projectId, currency: 'usd', addresses: [...addresses] }
      })
      return Object.fromEntries(fungibles.flatMap(entry => (entry.address ? [[entry.address, entry.price]] : [])))
    }
  }
}
