import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import {
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
  type OnrampOptionsResponse,
  type OnrampQuoteBody,
  type OnrampQuoteResponse,
  type OnrampUrlBody
} from './schemas/onramp.js'

/**
 * The onramp calls of docs/behaviour.md section 7 (GET /v1/onramp/options, POST /v1/onramp/quote, POST
 * /v1/generators/onrampurl). Its own module so that the onramp schemas load with the Buy views.
 */
export interface OnrampClient {
  options(): Promise<OnrampOptionsResponse>
  quote(body: OnrampQuoteBody): Promise<OnrampQuoteResponse>
  /** The provider's checkout page for the body's wallet (Coinbase's generator; the sandbox on the reference backend). */
  checkoutUrl(body: OnrampUrlBody): Promise<string>
}

const slot = clientSlot(createOnrampClient)

/** Replaces the client getOnrampClient returns (tests and stories); undefined returns to the default. */
export function setOnrampClient(client: OnrampClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getOnrampClient(
  config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined
) {
  return slot.get(config)
}

function createOnrampClient(projectId: string, apiUrl: string): OnrampClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return {
    options: () => http.get('/v1/onramp/options', onrampOptionsResponseSchema),
    quote: body => http.post('/v1/onramp/quote', onrampQuoteResponseSchema, { body }),
    checkoutUrl: async body => (await http.post('/v1/generators/onrampurl', onrampUrlResponseSchema, { body })).url
  }
}
