// The routes of the API and of the frame's origin, each with a base request whose every part is
// valid (issue 33's attack tests, test/server/attacks-http.test.ts): an attack changes one part.
import { randomUUID } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { LOCAL_ORIGIN, SDK_QUERY } from './helpers.js'

/** The bearer tokens the routes send, set once the test logged in. */
export const tokens = { siwx: '', wallet: '' }

export const FRAME_ORIGIN = 'http://127.0.0.1:8788'
export const API = 'http://127.0.0.1:8787'
export const FOREIGN = 'https://evil.example'
export const STRICT = {
  id: 'appkit-strict',
  name: 'Strict',
  allowedOrigins: ['https://app.example'],
  isAnalyticsEnabled: true
}
export const signer = privateKeyToAccount(generatePrivateKey())
export const ADDRESS = signer.address.toLowerCase()
const CAIP10 = `eip155:1:${ADDRESS}`
const ORDER = 'ab'.repeat(16)

/** One route's base request: every parameter valid, so that a bad one is what the route judges. */
export interface RouteCase {
  frame?: boolean
  params?: Record<string, string>
  query?: Record<string, string>
  /** A valid body (POST): what an oversized request carries, padded. */
  body?: unknown
  headers?: () => Record<string, string>
  /** Answers other than 2xx-4xx the route may give here (the frame page without a build: 503). */
  alsoAllowed?: number[]
  /** The route reads no body (a malformed one is not an error). */
  ignoresBody?: boolean
}

const sdk = { ...SDK_QUERY, clientId: 'attack-client' }
const bearer = (token: () => string) => () => ({ Authorization: `Bearer ${token()}` })
export const email = 'victim@example.com'
export const deviceId = 'device-0000-0001'

/** The name routes without a chain holding a name registry (none runs here): 503 'no_registry'. */
const NO_REGISTRY = [503]

export const ROUTES: Record<string, RouteCase> = {
  'GET /health': {},
  'GET /admin/analytics-events': {
    query: { projectId: 'appkit-local' },
    headers: () => ({ Authorization: `Bearer ${'admin-token-'.repeat(2)}` })
  },
  'GET /appkit/v1/config': { query: sdk },
  'GET /getAnalyticsConfig': { query: sdk },
  'GET /getWalletImage/:id': { params: { id: 'abc' }, query: sdk },
  'GET /getWallets': { query: { ...sdk, page: '1', entries: '4', search: 'meta', include: 'a,b', exclude: 'c' } },
  'GET /projects/v1/origins': { query: sdk },
  'GET /public/getAssetImage/:id': { params: { id: 'abc' }, query: sdk },
  'GET /public/getCurrencyImage/:id': { params: { id: 'abc' }, query: sdk },
  'GET /public/getTokenImage/:id': { params: { id: 'abc' }, query: sdk },
  'GET /onramp/sandbox': { query: { order: ORDER } },
  'GET /onramp/sandbox.css': {},
  'GET /onramp/sandbox.js': {},
  'GET /onramp/sandbox/orders/:id': { params: { id: ORDER } },
  'GET /v1/account/:address/balance': { params: { address: ADDRESS }, query: { ...sdk, currency: 'usd' } },
  'GET /v1/account/:address/history': {
    params: { address: ADDRESS },
    query: { ...sdk, cursor: 'abc', chainId: 'eip155:1' }
  },
  'GET /v1/account/:address/nfts': { params: { address: ADDRESS }, query: { ...sdk, chainId: 'eip155:1' } },
  'GET /v1/convert/allowance': { query: { ...sdk, tokenAddress: CAIP10, userAddress: CAIP10 } },
  'GET /v1/convert/build-approve': { query: { ...sdk, userAddress: CAIP10, from: CAIP10, to: CAIP10, amount: '1' } },
  'GET /v1/convert/gas-price': { query: { ...sdk, chainId: 'eip155:1' } },
  'GET /v1/convert/quotes': {
    query: { ...sdk, amount: '1', userAddress: CAIP10, from: CAIP10, to: CAIP10, gasPrice: '1' }
  },
  'GET /v1/convert/tokens': { query: { ...sdk, chainId: 'eip155:1' } },
  'GET /v1/identity/:address': {
    params: { address: ADDRESS },
    query: { ...sdk, sender: ADDRESS },
    alsoAllowed: NO_REGISTRY
  },
  'GET /v1/nft/image/:chainId/:contract/:tokenId': {
    params: { chainId: 'eip155:1', contract: ADDRESS, tokenId: '1' }
  },
  'GET /v1/onramp/options': { query: sdk },
  'GET /v1/profile/account/:name': {
    params: { name: 'alice.reown.id' },
    query: { ...sdk, apiVersion: '2' },
    alsoAllowed: NO_REGISTRY
  },
  'GET /v1/profile/reverse/:address': {
    params: { address: ADDRESS },
    query: { ...sdk, apiVersion: '2' },
    alsoAllowed: NO_REGISTRY
  },
  'GET /v1/profile/suggestions/:name': { params: { name: 'alice' }, query: { ...sdk, zone: 'reown.id' } },
  'GET /v1/sessions/:id': { params: { id: CAIP10 }, query: sdk },
  'GET /v1/siwx/sessions': {
    query: { ...sdk, chainId: 'eip155:1', address: ADDRESS },
    headers: bearer(() => tokens.siwx)
  },
  'GET /v1/supported-chains': { query: sdk },
  'POST /e': {
    query: sdk,
    headers: () => ({ Origin: LOCAL_ORIGIN }),
    body: {
      eventId: randomUUID(),
      url: `${LOCAL_ORIGIN}/`,
      domain: 'localhost:5173',
      timestamp: 1_760_000_000_000,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } }
    }
  },
  'POST /onramp/sandbox/orders/:id/pay': { params: { id: ORDER }, body: {} },
  'POST /v1': { query: { chainId: 'eip155:1', projectId: 'appkit-local' }, body: rpcBody() },
  'POST /v1/': { query: { chainId: 'eip155:1', projectId: 'appkit-local' }, body: rpcBody() },
  'POST /v1/bundler': { query: { ...sdk, chainId: 'eip155:1' }, body: rpcBody() },
  'POST /v1/convert/build-transaction': { query: sdk, body: {} },
  'POST /v1/fungible/price': { query: sdk, body: { projectId: 'appkit-local', currency: 'usd', addresses: [] } },
  'POST /v1/generators/onrampurl': { query: sdk, body: {} },
  'POST /v1/onramp/quote': { query: sdk, body: {} },
  'POST /v1/profile/account': { query: sdk, body: {} },
  'POST /v1/sessions/:id': { params: { id: CAIP10 }, query: sdk, body: {} },
  'POST /v1/sessions/:id/revoke': { params: { id: CAIP10 }, query: sdk, body: {} },
  'POST /v1/siwx/nonce': { query: sdk, body: {}, ignoresBody: true },
  'POST /v1/siwx/sessions': { query: sdk, headers: () => ({ Origin: LOCAL_ORIGIN }), body: {} },
  'POST /v1/siwx/sessions/:id/revoke': {
    params: { id: randomUUID() },
    query: sdk,
    headers: bearer(() => tokens.siwx),
    body: {}
  },
  // The frame's origin.
  'GET /': { frame: true, query: { projectId: 'appkit-local', hostOrigin: LOCAL_ORIGIN }, alsoAllowed: [503] },
  'GET /assets/*': { frame: true },
  'GET /frame-api/balance': { frame: true, query: { address: ADDRESS }, headers: bearer(() => tokens.wallet) },
  'GET /frame-api/projects/:projectId': { frame: true, params: { projectId: 'appkit-local' } },
  'GET /frame-api/session': { frame: true, headers: bearer(() => tokens.wallet) },
  'GET /frame-api/session/status': { frame: true, headers: bearer(() => tokens.wallet) },
  'GET /frame-api/smart-accounts': { frame: true },
  'GET /frame-api/social/callback': { frame: true, query: { state: 'abc', code: 'abc', error: 'abc' } },
  'POST /frame-api/bundler': { frame: true, query: { chainId: 'eip155:1' }, body: rpcBody() },
  'POST /frame-api/rpc': { frame: true, query: { chainId: 'eip155:424242' }, body: rpcBody() },
  'POST /frame-api/email/start': { frame: true, body: { projectId: 'appkit-local', email, deviceId } },
  'POST /frame-api/email/device': { frame: true, body: { email, deviceId, code: '000000' } },
  'POST /frame-api/email/otp': { frame: true, body: { email, deviceId, code: '000000' } },
  'POST /frame-api/email/update': {
    frame: true,
    headers: bearer(() => tokens.wallet),
    body: { newEmail: 'new@example.com' }
  },
  'POST /frame-api/email/update/primary': { frame: true, headers: bearer(() => tokens.wallet), body: { code: '0' } },
  'POST /frame-api/email/update/secondary': { frame: true, headers: bearer(() => tokens.wallet), body: { code: '0' } },
  'POST /frame-api/farcaster/start': {
    frame: true,
    body: { projectId: 'appkit-local', pageOrigin: LOCAL_ORIGIN, deviceId }
  },
  'POST /frame-api/farcaster/finish': { frame: true, body: { attempt: 'abc', deviceId } },
  'POST /frame-api/keys': { frame: true, headers: bearer(() => tokens.wallet), body: { keys: [] } },
  'POST /frame-api/sign-out': { frame: true, headers: bearer(() => tokens.wallet), body: {}, ignoresBody: true },
  'POST /frame-api/social/start': {
    frame: true,
    body: { projectId: 'appkit-local', provider: 'google', returnUrl: `${LOCAL_ORIGIN}/`, deviceId }
  },
  'POST /frame-api/social/finish': { frame: true, body: { result: 'abc', deviceId } }
}

export function rpcBody() {
  return { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
}
