// The frame's origin (service/backend/frame-app.ts): the page from service/frame/dist with its CSP (frame-ancestors
// from the project's allowed origins, 'none' otherwise), nosniff and no-referrer, files under
// /assets/ with their content types and nothing outside them; the API's Origin check (403 for
// another origin and for none) and no CORS headers; the project's origins; JSON-RPC forwarded to
// a real local chain; and 503 without a master key or without a built page.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startEvmNode, type EvmNode } from '../../local/chain/evm-node.js'
import { createChainContext } from '../../service/backend/context.js'
import { startServer } from '../../service/backend/main.js'
import {
  expectError,
  expectOk,
  FrameClient,
  newDeviceId,
  PROJECT_ID,
  uniqueEmail,
  useEmbeddedStack
} from './embedded-stack.js'
import { openTestDatabase } from './helpers.js'

const STRICT = { id: 'strict', allowedOrigins: ['https://app.example', 'http://localhost:*', '*.vercel.app'] }
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:"

let node: EvmNode
/** A built page of our own: index.html, /assets/ and a file beside them that must stay unserved. */
const dist = join(tmpdir(), `appkit-frame-dist-${process.pid}-${randomBytes(4).toString('hex')}`)
before(async () => {
  await mkdir(join(dist, 'assets', 'fonts'), { recursive: true })
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><title>frame</title><script type="module" src="/assets/main.js"></script>'
  )
  await writeFile(join(dist, 'assets', 'main.js'), 'console.log("frame")')
  await writeFile(join(dist, 'assets', 'main.css'), 'body{}')
  await writeFile(join(dist, 'assets', 'fonts', 'a.woff2'), 'woff2')
  await writeFile(join(dist, 'secret.txt'), 'outside the assets')
  node = await startEvmNode({ chainId: 31337, port: 0 })
})
after(async () => {
  await node?.stop()
  await rm(dist, { recursive: true, force: true })
})

const stack = useEmbeddedStack({
  config: { projects: [{ id: PROJECT_ID, allowedOrigins: ['http://localhost:*'] }, STRICT] },
  chains: () => [createChainContext(31337, node.rpcUrl)],
  frameDistDir: dist
})

/** GET `path` sent as it is (no URL normalisation), answering the status and body. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, res => {
      let body = ''
      res.setEncoding('utf8').on('data', chunk => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.once('error', reject).end()
  })
}

const start = { projectId: PROJECT_ID, email: 'origin@example.com', deviceId: newDeviceId() }

describe("the frame API's Origin check", () => {
  it("answers 403 'Forbidden origin' to a POST from another origin or with no Origin", async () => {
    for (const origin of ['http://localhost:5173', 'null', stack.frame.url.replace('127.0.0.1', 'localhost'), null]) {
      const answer = await stack.frame.post('/frame-api/email/start', start, { origin })
      expectError(answer, 403, 'Forbidden origin')
      assert.equal(answer.headers.get('Access-Control-Allow-Origin'), null)
    }
    const rpc = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    expectError(await stack.frame.post('/frame-api/rpc?chainId=eip155:31337', rpc, { origin: null }), 403)
    expectError(await stack.frame.post('/frame-api/sign-out', {}, { origin: 'https://evil.example' }), 403)
    expectError(await stack.frame.get('/frame-api/session', { origin: 'https://evil.example' }), 403)
    assert.equal((await stack.inbox.messagesTo(start.email)).length, 0, 'no code went out')
    assert.deepEqual(expectOk(await stack.frame.post('/frame-api/email/start', start)), { action: 'VERIFY_OTP' })
  })

  it('never sends CORS headers, not even to a preflight', async () => {
    const foreign = { origin: 'http://localhost:5173' }
    const answers = [
      await stack.frame.get(`/frame-api/projects/${PROJECT_ID}`, foreign),
      await stack.frame.get(`/frame-api/projects/${PROJECT_ID}`),
      await stack.frame.post('/frame-api/email/start', start, foreign),
      await stack.frame.request('OPTIONS', '/frame-api/email/start', {
        ...foreign,
        headers: { 'Access-Control-Request-Method': 'POST' }
      })
    ]
    for (const answer of answers) {
      for (const name of answer.headers.keys()) assert.ok(!name.startsWith('access-control-'), name)
    }
  })
})

describe("the frame's page and files", () => {
  it("serves the page with the project's origins as frame-ancestors, 'none' for an unknown or absent project", async () => {
    const page = await fetch(`${stack.frame.url}/?projectId=strict&hostOrigin=https%3A%2F%2Fapp.example`)
    assert.equal(page.status, 200)
    assert.match(page.headers.get('Content-Type') ?? '', /^text\/html/)
    assert.match(await page.text(), /<title>frame<\/title>/)
    assert.equal(
      page.headers.get('Content-Security-Policy'),
      `${PAGE_POLICY}; frame-ancestors https://app.example http://localhost:* *.vercel.app`
    )
    assert.equal(page.headers.get('X-Content-Type-Options'), 'nosniff')
    assert.equal(page.headers.get('Referrer-Policy'), 'no-referrer')
    for (const query of ['?projectId=unknown', '', '?projectId=']) {
      const other = await fetch(`${stack.frame.url}/${query}`)
      assert.equal(other.status, 200)
      assert.equal(other.headers.get('Content-Security-Policy'), `${PAGE_POLICY}; frame-ancestors 'none'`, query)
    }
  })

  it('serves /assets/ files with their content types', async () => {
    const expected: Record<string, string> = {
      '/assets/main.js': 'text/javascript; charset=utf-8',
      '/assets/main.css': 'text/css; charset=utf-8',
      '/assets/fonts/a.woff2': 'font/woff2'
    }
    for (const [path, type] of Object.entries(expected)) {
      const answer = await fetch(`${stack.frame.url}${path}`)
      assert.equal(answer.status, 200, path)
      assert.equal(answer.headers.get('Content-Type'), type)
      assert.equal(answer.headers.get('X-Content-Type-Options'), 'nosniff')
      assert.match(answer.headers.get('Content-Security-Policy') ?? '', /frame-ancestors 'none'/)
    }
  })

  it('serves nothing outside service/frame/dist/assets', async () => {
    for (const path of [
      '/assets/../secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/..%5csecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/fonts/..%2f..%2fsecret.txt',
      '/assets/.hidden',
      '/assets/',
      '/assets/fonts',
      '/secret.txt',
      '/index.html/../secret.txt'
    ]) {
      const answer = await rawGet(stack.frame.url, path)
      assert.notEqual(answer.status, 200, path)
      assert.ok(!answer.body.includes('outside the assets'), path)
    }
  })

  it("answers 503 'The frame is not built: run npm run build:frame' when the page is missing", async () => {
    await rename(join(dist, 'index.html'), join(dist, 'index.html.away'))
    try {
      expectError(await stack.frame.get('/'), 503, 'The frame is not built: run npm run build:frame')
    } finally {
      await rename(join(dist, 'index.html.away'), join(dist, 'index.html'))
    }
    assert.equal((await fetch(`${stack.frame.url}/`)).status, 200)
  })
})

describe("the frame's projects and chains", () => {
  it("answers a project's allowed origins, 404 for an unknown project", async () => {
    assert.deepEqual(expectOk(await stack.frame.get('/frame-api/projects/strict')), {
      allowedOrigins: STRICT.allowedOrigins
    })
    expectError(await stack.frame.get('/frame-api/projects/nope'), 404, 'Unknown project')
  })

  it("forwards JSON-RPC to the backend's chain, 404 'Unknown chain' for another", async () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }
    const answer = expectOk(await stack.frame.post('/frame-api/rpc?chainId=eip155:31337', call))
    assert.deepEqual(answer, { jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const batch = [call, { jsonrpc: '2.0', id: 8, method: 'eth_blockNumber', params: [] }]
    const answers = expectOk(await stack.frame.post<{ id: number }[]>('/frame-api/rpc?chainId=eip155:31337', batch))
    assert.deepEqual(
      answers.map(item => item.id),
      [7, 8]
    )
    // A network neither read by the backend nor in the spec's list (test/server/frame-networks.test.ts).
    expectError(await stack.frame.post('/frame-api/rpc?chainId=eip155:999999999', call), 404, 'Unknown chain')
    expectError(await stack.frame.post('/frame-api/rpc?chainId=eip155:31337', { nope: true }), 400)
  })
})

describe('when a part is missing', () => {
  it("answers the wallet's routes 503 and still serves the project's origins", async () => {
    const database = await openTestDatabase()
    const server = await startServer({ port: 0, ignoreEnv: true, db: database.db, config: { masterKey: undefined } })
    try {
      const frame = new FrameClient(server.frameUrl)
      const message = 'The embedded wallet is not configured (APPKIT_MASTER_KEY)'
      const body = { projectId: PROJECT_ID, email: uniqueEmail('x'), deviceId: newDeviceId() }
      expectError(await frame.post('/frame-api/email/start', body), 503, message)
      expectError(await frame.post('/frame-api/email/otp', { ...body, code: '123456' }), 503, message)
      expectError(await frame.get('/frame-api/session', { token: 'A'.repeat(43) }), 503, message)
      expectError(await frame.post('/frame-api/keys', { keys: [] }), 503, message)
      expectOk(await frame.get(`/frame-api/projects/${PROJECT_ID}`))
      assert.equal((await fetch(`${server.url}/health`)).status, 200, 'the API works as before')
    } finally {
      await server.stop()
      await database.dispose()
    }
  })
  it('answers 502 when the code cannot be mailed, and keeps no code that would make the next try wait', async () => {
    const database = await openTestDatabase()
    const closed = createServer()
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise(resolve => closed.close(resolve))
    const server = await startServer({
      port: 0,
      ignoreEnv: true,
      db: database.db,
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, masterKey: randomBytes(32).toString('base64') }
    })
    const quiet = console.error
    console.error = () => undefined
    try {
      const frame = new FrameClient(server.frameUrl)
      const body = { projectId: PROJECT_ID, email: uniqueEmail('unsent'), deviceId: newDeviceId() }
      const message = 'The e-mail with the code could not be sent, try again later'
      expectError(await frame.post('/frame-api/email/start', body), 502, message)
      expectError(await frame.post('/frame-api/email/start', body), 502, message)
      const { rows } = await database.db.query('SELECT 1 FROM wallet_codes')
      assert.equal(rows.length, 0)
    } finally {
      console.error = quiet
      await server.stop()
      await database.dispose()
    }
  })
})
