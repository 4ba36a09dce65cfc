// The wallet-provider catalog API: getWallets (paging, search, include, exclude, badge_type,
// chains, count), the image blobs, remote features, origins and analytics config, and the sdk
// query every call needs (400 without it, 403 'Invalid Project ID' for an unknown project).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  analyticsConfigResponseSchema,
  CATALOG_IMAGE_PATHS,
  getWalletsResponseSchema,
  originsResponseSchema,
  projectConfigResponseSchema,
  REMOTE_FEATURE_IDS,
  type WalletCatalogItem
} from '../../src/api/schemas/index.js'
import { DEFAULT_ALLOWED_ORIGINS } from '../../service/backend/config.js'
import { createTestApp, SDK_QUERY, useTestApp } from './helpers.js'

const testApp = useTestApp()

const wallets = (query: Record<string, string | undefined>) =>
  testApp.app.get('/getWallets', getWalletsResponseSchema, { page: '1', entries: '40', ...query })

async function everyWallet(query: Record<string, string> = {}): Promise<WalletCatalogItem[]> {
  const all: WalletCatalogItem[] = []
  for (let page = 1; ; page++) {
    const answer = await wallets({ ...query, page: String(page), entries: '100' })
    all.push(...answer.data)
    if (answer.data.length < 100) {
      assert.equal(all.length, answer.count)
      return all
    }
  }
}

describe('GET /getWallets', () => {
  it('serves a catalog of at least 500 realistic wallets, the AppKit Dev Wallet first', async () => {
    const all = await everyWallet()
    assert.ok(all.length >= 500, `only ${all.length} wallets`)
    assert.equal(all[0]!.name, 'AppKit Dev Wallet')
    assert.equal(all[0]!.rdns, 'dev.appkit.wallet')
    assert.ok(all[0]!.chains!.includes('eip155:31337') && all[0]!.chains!.includes('eip155:31338'))
    assert.equal(new Set(all.map(wallet => wallet.id)).size, all.length, 'ids are unique')
    assert.equal(new Set(all.map(wallet => wallet.name)).size, all.length, 'names are unique')
    for (const wallet of all) {
      assert.match(wallet.id, /^[0-9a-f]{64}$/)
      assert.ok(wallet.image_id, `${wallet.name} has an image`)
      for (const link of [wallet.mobile_link, wallet.desktop_link, wallet.webapp_link]) {
        if (link) assert.match(link, /^https:\/\/[a-z0-9.-]+\.[a-z]+(\/|$)/)
      }
      if (wallet.rdns) assert.match(wallet.rdns, /^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
      assert.ok(wallet.chains && wallet.chains.length > 0)
    }
    assert.ok(all.filter(wallet => wallet.rdns).length > 300, 'most wallets have an rdns')
  })

  it('is deterministic: the same catalog from a new app over the same configuration', async () => {
    const other = await createTestApp(testApp.database.db)
    const first = await wallets({ entries: '10' })
    const again = await other.get('/getWallets', getWalletsResponseSchema, { page: '1', entries: '10' })
    assert.deepEqual(again, first)
    await other.close()
  })

  it('pages with page and entries, with the count of all matches', async () => {
    const page1 = await wallets({ page: '1', entries: '4' })
    const page2 = await wallets({ page: '2', entries: '4' })
    const both = await wallets({ page: '1', entries: '8' })
    assert.equal(page1.data.length, 4)
    assert.deepEqual([...page1.data, ...page2.data], both.data)
    assert.equal(page1.count, both.count)
    const last = await wallets({ page: String(Math.ceil(both.count / 40)), entries: '40' })
    assert.equal(last.data.length, both.count % 40 || 40)
    const beyond = await wallets({ page: '1000', entries: '40' })
    assert.deepEqual(beyond.data, [])
    assert.equal(beyond.count, both.count)
  })

  it('searches names case-insensitively, names starting with the search first', async () => {
    const answer = await wallets({ search: 'VAULT', entries: '100' })
    assert.ok(answer.count > 10)
    assert.equal(answer.data.length, Math.min(100, answer.count))
    for (const wallet of answer.data) assert.match(`${wallet.name} ${wallet.rdns ?? ''}`, /vault/i)
    const dev = await wallets({ search: 'dev wal' })
    assert.equal(dev.data[0]!.name, 'AppKit Dev Wallet')
    const prefix = await wallets({ search: 'aur', entries: '100' })
    const starts = prefix.data.map(wallet => wallet.name.toLowerCase().startsWith('aur'))
    assert.ok(starts[0], 'a name starting with the search comes first')
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => Number(b) - Number(a))
    )
    const none = await wallets({ search: 'no such wallet anywhere' })
    assert.deepEqual(none, { data: [], count: 0 })
  })

  it('include keeps only the listed ids; exclude drops them', async () => {
    const first = (await wallets({ entries: '6' })).data
    const ids = first.map(wallet => wallet.id)
    const included = await wallets({ include: `${ids[2]},${ids[4]}` })
    assert.deepEqual(
      included.data.map(wallet => wallet.id),
      [ids[2], ids[4]]
    )
    assert.equal(included.count, 2)
    const all = await wallets({ entries: '1' })
    const excluded = await wallets({ exclude: `${ids[0]},${ids[1]}`, entries: '4' })
    assert.equal(excluded.count, all.count - 2)
    assert.deepEqual(
      excluded.data.map(wallet => wallet.id),
      ids.slice(2, 6)
    )
    const both = await wallets({ include: ids.slice(0, 3).join(','), exclude: ids[1] })
    assert.deepEqual(
      both.data.map(wallet => wallet.id),
      [ids[0], ids[2]]
    )
  })

  it('filters by chains (any of them) and by badge_type certified', async () => {
    const solana = await everyWallet({ chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    assert.ok(solana.length > 50)
    for (const wallet of solana) assert.ok(wallet.chains!.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
    const local = await wallets({ chains: 'eip155:31337,eip155:31338' })
    assert.deepEqual(
      local.data.map(wallet => wallet.name),
      ['AppKit Dev Wallet']
    )
    const all = await wallets({ entries: '1' })
    const certified = await wallets({ badge_type: 'certified', entries: '1' })
    const none = await wallets({ badge_type: 'none', entries: '1' })
    assert.ok(certified.count > 100 && certified.count < all.count)
    assert.equal(none.count, all.count)
    assert.equal(certified.data[0]!.name, 'AppKit Dev Wallet')
  })

  it('answers 400 naming the parameter for bad paging or filters', async () => {
    assert.equal(
      await testApp.app.error('GET', '/getWallets', 400, { query: { page: '0', entries: '4' } }),
      "Invalid query parameter 'page': expected at least 1, got '0'"
    )
    assert.equal(
      await testApp.app.error('GET', '/getWallets', 400, { query: { page: '1', entries: '500' } }),
      "Invalid query parameter 'entries': expected at most 100 entries per page, got '500'"
    )
    assert.equal(
      await testApp.app.error('GET', '/getWallets', 400, { query: { page: 'two', entries: '4' } }),
      "Invalid query parameter 'page': expected a number, got 'two'"
    )
    assert.equal(
      await testApp.app.error('GET', '/getWallets', 400, { query: { entries: '4' } }),
      "Missing query parameter 'page'"
    )
    assert.match(
      await testApp.app.error('GET', '/getWallets', 400, { query: { page: '1', entries: '4', badge_type: 'gold' } }),
      /^Invalid query parameter 'badge_type': expected one of "none", "certified", got 'gold'$/
    )
  })
})

describe('the sdk query on every catalog call', () => {
  const paths = ['/getWallets?page=1&entries=4', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig']

  it('answers 400 naming projectId, st or sv when one is missing', async () => {
    for (const path of paths) {
      assert.equal(await testApp.app.error('GET', path, 400, { sdk: false }), "Missing query parameter 'projectId'")
      assert.equal(
        await testApp.app.error('GET', path, 400, { sdk: false, query: { projectId: 'appkit-local', sv: '1' } }),
        "Missing query parameter 'st'"
      )
      assert.equal(
        await testApp.app.error('GET', path, 400, { sdk: false, query: { projectId: 'appkit-local', st: 'appkit' } }),
        "Missing query parameter 'sv'"
      )
    }
  })

  it("answers 403 'Invalid Project ID' for a project this backend does not know", async () => {
    for (const path of [...paths, `${CATALOG_IMAGE_PATHS.token}ETH`]) {
      const message = await testApp.app.error('GET', path, 403, { query: { projectId: 'not-a-project' } })
      assert.match(message, /^Invalid Project ID: 'not-a-project'/)
    }
  })
})

describe('project configuration', () => {
  it('GET /appkit/v1/config answers the spec default remote features', async () => {
    const { features } = await testApp.app.get('/appkit/v1/config', projectConfigResponseSchema)
    assert.deepEqual(
      features.map(feature => feature.id),
      [...REMOTE_FEATURE_IDS]
    )
    const byId = Object.fromEntries(features.map(feature => [feature.id, feature]))
    assert.deepEqual(byId.swaps, { id: 'swaps', isEnabled: true, config: ['1inch'] })
    assert.deepEqual(byId.onramp, { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] })
    assert.equal(byId.email!.isEnabled, true)
    assert.deepEqual(byId.socials!.config, ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    assert.equal(byId.activity!.isEnabled, true)
  })

  it('GET /projects/v1/origins answers the project allowlist', async () => {
    const { allowedOrigins } = await testApp.app.get('/projects/v1/origins', originsResponseSchema)
    assert.deepEqual(allowedOrigins, DEFAULT_ALLOWED_ORIGINS)
    const custom = await createTestApp(testApp.database.db, {
      config: { projects: [{ id: 'shop', allowedOrigins: ['https://shop.example'], isAnalyticsEnabled: false }] }
    })
    const answer = await custom.get('/projects/v1/origins', originsResponseSchema, { projectId: 'shop' })
    assert.deepEqual(answer.allowedOrigins, ['https://shop.example'])
    const analytics = await custom.get('/getAnalyticsConfig', analyticsConfigResponseSchema, { projectId: 'shop' })
    assert.deepEqual(analytics, { isAnalyticsEnabled: false })
    await custom.close()
  })

  it('GET /getAnalyticsConfig answers isAnalyticsEnabled', async () => {
    assert.deepEqual(await testApp.app.get('/getAnalyticsConfig', analyticsConfigResponseSchema), {
      isAnalyticsEnabled: true
    })
  })
})

describe('images', () => {
  async function svg(path: string, headers: Record<string, string> = {}) {
    const answer = await testApp.app.request('GET', path, { headers })
    return answer
  }

  it('serves a cacheable SVG for every wallet of a page', async () => {
    const page = await wallets({ entries: '20' })
    const seen = new Set<string>()
    for (const wallet of page.data) {
      const answer = await svg(CATALOG_IMAGE_PATHS.wallet + wallet.image_id)
      assert.equal(answer.status, 200, wallet.name)
      assert.equal(answer.headers.get('content-type'), 'image/svg+xml; charset=utf-8')
      assert.match(answer.headers.get('cache-control') ?? '', /public, max-age=\d+/)
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff')
      assert.ok(answer.headers.get('etag'))
      assert.match(answer.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/)
      assert.ok(answer.text.includes(`<title>${wallet.name}</title>`))
      assert.ok(answer.text.endsWith('</svg>'))
      seen.add(answer.text)
    }
    assert.equal(seen.size, page.data.length, 'every wallet has its own image')
  })

  it('answers 304 for a matching If-None-Match', async () => {
    const first = await svg(`${CATALOG_IMAGE_PATHS.token}tUSDC`)
    const again = await svg(`${CATALOG_IMAGE_PATHS.token}tUSDC`, { 'If-None-Match': first.headers.get('etag')! })
    assert.equal(again.status, 304)
    assert.equal(again.text, '')
  })

  it('serves asset (network), currency and token images by id', async () => {
    const cases: Array<[string, string, string]> = [
      [CATALOG_IMAGE_PATHS.asset, 'ethereum', 'Ethereum'],
      [CATALOG_IMAGE_PATHS.asset, 'eip155-31337', 'AppKit Local A'],
      [CATALOG_IMAGE_PATHS.asset, 'appkit-local-b', 'AppKit Local B'],
      [CATALOG_IMAGE_PATHS.currency, 'USD', 'US Dollar'],
      [CATALOG_IMAGE_PATHS.currency, 'eur', 'Euro'],
      [CATALOG_IMAGE_PATHS.token, 'ETH', 'Ether'],
      [CATALOG_IMAGE_PATHS.token, 'tUSDC', 'Test USD Coin'],
      [CATALOG_IMAGE_PATHS.token, 'TT', 'Test Token'],
      [CATALOG_IMAGE_PATHS.token, 'WETH', 'Wrapped Ether']
    ]
    for (const [path, id, title] of cases) {
      const answer = await svg(path + id)
      assert.equal(answer.status, 200, path + id)
      assert.equal(answer.headers.get('content-type'), 'image/svg+xml; charset=utf-8')
      assert.ok(answer.text.includes(`<title>${title}</title>`), `${path}${id}: ${answer.text.slice(0, 200)}`)
    }
  })

  it('answers 404 JSON for an unknown id and 400 for an id that is not an image id', async () => {
    for (const path of Object.values(CATALOG_IMAGE_PATHS)) {
      assert.match(
        await testApp.app.error('GET', `${path}no-such-image`, 404),
        /^No \w+ image with id 'no-such-image'$/
      )
    }
    assert.equal(
      await testApp.app.error('GET', `${CATALOG_IMAGE_PATHS.wallet}bad.id`, 400),
      "Invalid path parameter 'id': expected an image id, got 'bad.id'"
    )
  })
})

describe('the app', () => {
  it('answers an unknown path with 404 JSON', async () => {
    assert.equal(await testApp.app.error('GET', '/no/such/path', 404), 'Not found: GET /no/such/path')
  })

  it('sends CORS headers to pages on other localhost ports', async () => {
    const answer = await testApp.app.request('OPTIONS', '/getWallets', {
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'content-type'
      }
    })
    assert.equal(answer.status, 204)
    assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:5173')
    assert.match(answer.headers.get('access-control-allow-methods') ?? '', /GET/)
    const get = await testApp.app.request('GET', '/getAnalyticsConfig', {
      headers: { Origin: 'http://127.0.0.1:4000' }
    })
    assert.equal(get.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4000')
    assert.equal(SDK_QUERY.projectId, 'appkit-local')
  })
})
