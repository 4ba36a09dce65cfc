// wallet_getAssets through the embedded wallet (issue 29, point 3; docs/behaviour.md sections 3 and 7, EIP-7811):
// answered by the frame from the backend's balances in the spec's asset shape, never forwarded to
// the chain node (which does not implement it). The backend's own route is proven against the real
// chain in test/server/frame-balance.test.ts.
import { expect } from '@open-wc/testing'
import { BAD_ASSETS_REQUEST, NOT_OUR_ACCOUNT, toWalletAsset, walletAssets } from '../../../service/frame/assets.js'
import { createHandlers } from '../../../service/frame/handlers.js'
import { openSession } from '../../../service/frame/session.js'
import { Wallet } from '../../../service/frame/wallet.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { walletAssetSchema } from '../../../src/api/schemas/balance.js'
import type { FrameParams } from '../../../src/frame/messages.js'
import { rejection } from '../rejection.js'
import { FakeBackend, LOGIN_CODE, memoryStorage } from './fake-backend.js'

const TOKEN = '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f'

/** What the backend's balance route answers: 1.5 ETH and 10,000 tUSDC on 31337, 2 ETH on 31338, SOL. */
function balancesOf(): TokenBalance[] {
  return [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      price: 3000,
      value: 4500,
      quantity: { decimals: '18', numeric: '1.5' },
      iconUrl: ''
    },
    {
      name: 'Test USD Coin',
      symbol: 'tUSDC',
      chainId: 'eip155:31337',
      address: `eip155:31337:${TOKEN}`,
      price: 1,
      value: 10000,
      quantity: { decimals: '6', numeric: '10000' },
      iconUrl: 'http://127.0.0.1:8787/public/getTokenImage/tusdc'
    },
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31338',
      price: 0,
      quantity: { decimals: '18', numeric: '2' },
      iconUrl: ''
    },
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: 'solana:local',
      price: 0,
      quantity: { decimals: '9', numeric: '1' },
      iconUrl: ''
    }
  ]
}

const ETH_31337 = {
  address: 'native',
  balance: '0x14d1120d7b160000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, value: 4500, price: 3000 }
}
const TUSDC_31337 = {
  address: TOKEN,
  balance: '0x2540be400',
  type: 'ERC20',
  metadata: {
    name: 'Test USD Coin',
    symbol: 'tUSDC',
    decimals: 6,
    value: 10000,
    price: 1,
    iconUrl: 'http://127.0.0.1:8787/public/getTokenImage/tusdc'
  }
}
const ETH_31338 = {
  address: 'native',
  balance: '0x1bc16d674ec80000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 0 }
}

/** The frame's handlers over a fake backend, logged in by e-mail. */
async function loggedInFrame() {
  const backend = new FakeBackend()
  const session = openSession('http://localhost:5173', memoryStorage())
  const wallet = new Wallet(backend, session)
  const handlers = createHandlers({
    projectId: 'demo',
    hostOrigin: 'http://localhost:5173',
    backend,
    session,
    wallet,
    approvals: { ask: async () => undefined, setApp: () => undefined, rejectAll: () => undefined },
    themeRoot: document.createElement('div'),
    reload: () => undefined
  })
  await handlers.connectEmail!({ email: 'visitor@example.com' })
  await handlers.connectOtp!({ otp: LOGIN_CODE })
  const user = (await handlers.getUser!({} as FrameParams<'getUser'>)) as { address: string }
  const rpc = (method: string, params?: unknown) =>
    handlers.rpcRequest!({ method, params } as FrameParams<'rpcRequest'>) as Promise<unknown>
  const address = user.address
  return { backend, address, rpc }
}

describe('wallet_getAssets in the frame (issue 29, point 3; docs/behaviour.md section 3 asset shape)', () => {
  it('answers from the backend’s balances, keyed by hex chain id, in the spec’s shape; the chain is not asked', async () => {
    const { backend, address, rpc } = await loggedInFrame()
    backend.balances.set(address.toLowerCase(), balancesOf())
    const answer = (await rpc('wallet_getAssets', [{ account: address }])) as Record<string, unknown[]>
    expect(answer).to.deep.equal({ '0x7a69': [ETH_31337, TUSDC_31337], '0x7a6a': [ETH_31338] })
    for (const asset of Object.values(answer).flat()) expect(walletAssetSchema.safeParse(asset).success).to.equal(true)
    // The session's token went with it; nothing went to a chain node.
    const asked = backend.calls.filter(call => call.route === 'balance' || call.route === 'rpc')
    expect(asked).to.have.length(1)
    expect(asked[0]).to.deep.include({ route: 'balance', body: { address } })
    expect(asked[0]!.token).to.be.a('string').and.not.equal('')
  })

  it('filters: chainFilter, assetTypeFilter (either case), and assetFilter, which wins over both (EIP-7811)', async () => {
    const { backend, address, rpc } = await loggedInFrame()
    backend.balances.set(address.toLowerCase(), balancesOf())
    expect(await rpc('wallet_getAssets', [{ account: address, chainFilter: ['0x7a6a'] }])).to.deep.equal({
      '0x7a6a': [ETH_31338]
    })
    expect(await rpc('wallet_getAssets', [{ account: address, assetTypeFilter: ['erc20'] }])).to.deep.equal({
      '0x7a69': [TUSDC_31337]
    })
    const onlyToken = {
      account: address,
      chainFilter: ['0x7a6a'],
      assetTypeFilter: ['native'],
      assetFilter: { '0x7a69': [{ address: TOKEN.toLowerCase(), type: 'erc20' }] }
    }
    expect(await rpc('wallet_getAssets', [onlyToken])).to.deep.equal({ '0x7a69': [TUSDC_31337] })
  })

  it('answers only for the wallet’s own account, and names a malformed request', async () => {
    const { rpc } = await loggedInFrame()
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect((await rejection(rpc('wallet_getAssets', [{ account: other }])))?.message).to.equal(NOT_OUR_ACCOUNT)
    expect((await rejection(rpc('wallet_getAssets', [{}])))?.message).to.equal(BAD_ASSETS_REQUEST)
    expect((await rejection(rpc('wallet_getAssets')))?.message).to.equal(BAD_ASSETS_REQUEST)
  })

  it('a balance off EVM chains is no asset; a zero balance is 0x0', async () => {
    const [, , , sol] = balancesOf()
    expect(toWalletAsset(sol!)).to.equal(undefined)
    const zero = toWalletAsset({ ...balancesOf()[0]!, quantity: { decimals: '18', numeric: '0' } })
    expect(zero?.asset.balance).to.equal('0x0')
    expect(
      await walletAssets([{ account: TOKEN }], { accounts: [TOKEN.toLowerCase()], balances: async () => [] })
    ).to.deep.equal({})
  })
})
