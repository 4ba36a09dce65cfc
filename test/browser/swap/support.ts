// What the swap tests (swap.test.ts, swapping.test.ts) share: the tokens and addresses, a fake
// convert client (what the backend's /v1/convert paths would answer, with what it was asked), and
// a connected wallet on Ethereum and Sepolia (the send tests' set-up) before each test.
import { setConvertClient, type ConvertClient } from '../../../src/api/convert-client.js'
import type { ConvertQuotesQuery } from '../../../src/api/schemas/convert.js'
import { resetSwap } from '../../../src/stores/swap/swap.js'
import { sepoliaNetwork } from '../../fixtures/networks.js'
import { swapEth, swapTt, swapUsdc } from '../../fixtures/swap.js'
import { FAKE_ADDRESS } from '../../fixtures/eip1193-provider.js'
import { connectForSend, tearDownSend, USDC_CONTRACT, type SendSetUp } from '../send/support.js'

export const CHAIN = 'eip155:1'
export const ROUTER = '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f'
export const ETH = swapEth
export const USDC = swapUsdc
export const TT = swapTt
export const HASH = `0x${'cd'.repeat(32)}`
export const sepolia = sepoliaNetwork

export const byTestId = <T extends HTMLElement = HTMLElement>(el: Element, id: string) =>
  el.shadowRoot!.querySelector<T>(`[data-testid="${id}"]`)

export interface FakeConvert extends ConvertClient {
  readonly asked: string[]
  readonly quoteQueries: ConvertQuotesQuery[]
  allowanceAnswer: bigint
  /** Quotes for these amounts answer after this many ms. */
  slow: Record<string, number>
  /** What a quote gives per unit sold, in the smallest unit of the token bought. */
  rate: (query: ConvertQuotesQuery) => bigint
}

export function fakeConvert(): FakeConvert {
  const fake: FakeConvert = {
    asked: [],
    quoteQueries: [],
    allowanceAnswer: 0n,
    slow: {},
    rate: query => BigInt(query.amount) * 2n,
    async tokens(chainId) {
      fake.asked.push(`tokens ${chainId}`)
      return [ETH, USDC, TT]
    },
    async quotes(query) {
      fake.quoteQueries.push(query)
      await new Promise(resolve => setTimeout(resolve, fake.slow[query.amount] ?? 0))
      return [
        {
          id: null,
          fromAddress: query.from,
          toAddress: query.to,
          fromAmount: query.amount,
          toAmount: fake.rate(query).toString()
        }
      ]
    },
    async allowance() {
      fake.asked.push('allowance')
      return fake.allowanceAnswer
    },
    async gasPrice(chainId) {
      fake.asked.push(`gas-price ${chainId}`)
      return { standard: '1000000000', fast: '2000000000', instant: '3000000000' }
    },
    async buildApprove(query) {
      fake.asked.push(`build-approve ${query.amount}`)
      return { from: FAKE_ADDRESS, to: USDC_CONTRACT, data: '0x095ea7b3', value: '0' }
    },
    async prices(addresses) {
      fake.asked.push('prices')
      const usd: Record<string, number> = { [ETH.address]: 3000, [USDC.address]: 1 }
      return Object.fromEntries(addresses.flatMap(address => (address in usd ? [[address, usd[address]!]] : [])))
    },
    async buildTransaction(body) {
      fake.asked.push(
        `build-transaction ${body.amount} ${body.eip155.slippage}${body.disableEstimate ? ' no-estimate' : ''}`
      )
      return { from: FAKE_ADDRESS, to: ROUTER, data: '0x38ed1739', value: '0' }
    }
  }
  setConvertClient(fake)
  return fake
}

/** A fake convert client and a wallet connected on Ethereum (a swap network) and Sepolia. */
export async function setUpSwap(): Promise<{ setup: SendSetUp; convert: FakeConvert }> {
  const convert = fakeConvert()
  const setup = await connectForSend({
    networks: [
      {
        id: 1,
        caipNetworkId: 'eip155:1',
        chainNamespace: 'eip155',
        name: 'Ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['https://eth.merkle.io'] } }
      },
      sepolia
    ]
  })
  return { setup, convert }
}

export function tearDownSwap(): void {
  resetSwap()
  setConvertClient(undefined)
  tearDownSend()
}
