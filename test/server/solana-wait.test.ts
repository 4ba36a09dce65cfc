// The backend waits for a Solana node that is still starting (npm start and the e2e stack start it
// just before the backend), and gives up with an error naming the node and the cause.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type Socket } from 'node:net'
import { describe, it } from 'node:test'
import { startSolana } from '../../local/solana/start.js'
import { waitForSolanaNode } from '../../service/backend/solana/wait-for-node.js'
import { freePort, holdPortPair } from './ports.js'

describe('waiting for the Solana node', () => {
  it('answers once a node that starts late is up', async () => {
    // Nothing listens on the port while the wait begins; its successor (the node's websocket) is held.
    const { port, release } = await holdPortPair()
    await release(port)
    const waiting = waitForSolanaNode(`http://127.0.0.1:${port}`, undefined, { waitMs: 20_000, intervalMs: 100 })
    await new Promise(resolve => setTimeout(resolve, 700))
    await release(port + 1)
    const solana = await startSolana({ port })
    try {
      const context = await waiting
      assert.equal(context.caipNetworkId, solana.caipNetworkId)
      assert.equal(context.rpcUrl, `http://127.0.0.1:${port}`)
    } finally {
      await solana.stop()
    }
  })

  it('gives up after its time with the URL and the cause', async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const started = Date.now()
    await assert.rejects(waitForSolanaNode(url, undefined, { waitMs: 1000, intervalMs: 100 }), {
      message: `The Solana node at ${url} did not answer within 1 s: fetch failed (ECONNREFUSED)`
    })
    assert.ok(Date.now() - started >= 900, 'it kept asking for its time')
  })

  it('a URL that answers, but not as a Solana node, is an error at once', async () => {
    const server = createHttpServer((_request, response) => response.writeHead(404).end())
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const started = Date.now()
    try {
      await assert.rejects(waitForSolanaNode(url, undefined, { waitMs: 20_000, intervalMs: 100 }), {
        message: `The Solana node at ${url} answered, but not as a Solana node: Solana RPC getGenesisHash: HTTP 404`
      })
      assert.ok(Date.now() - started < 5000, 'it did not keep asking')
    } finally {
      server.close()
    }
  })

  it('the backend started with --solana-rpc before its node reads that node once it is up', async () => {
    // The port closes each connection on its request ('other side closed'), as a node not yet listening.
    await backendReadsLateNode((socket, asked) =>
      socket.once('data', () => {
        asked()
        socket.destroy()
      })
    )
  })

  it('a port that drops connections without a word keeps the backend waiting (no silent exit)', async () => {
    // The request hangs until its own 10 s timeout, which does not keep a process alive.
    await backendReadsLateNode((socket, asked) => {
      asked()
      socket.destroy()
    })
  })
})

/**
 * Starts service/backend/main.ts with --solana-rpc on a port where, until the node is up, `refuse` answers
 * every connection; once the backend has asked at least once, the node starts there. Resolves once
 * the backend reads that node; rejects when it exits first.
 */
async function backendReadsLateNode(refuse: (socket: Socket, asked: () => void) => void): Promise<void> {
  const { port, release } = await holdPortPair()
  await release(port)
  let asked = 0
  const notYet = createServer(socket => refuse(socket, () => (asked += 1)))
  await new Promise<void>(resolve => notYet.listen(port, '127.0.0.1', resolve))
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'service/backend/main.ts',
      '--port',
      '0',
      '--memory',
      '--rpc',
      '31337=http://127.0.0.1:9',
      '--solana-rpc',
      `http://127.0.0.1:${port}`
    ],
    {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, DATABASE_URL: '', APPKIT_FRAME_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let output = ''
  child.stdout.on('data', chunk => (output += String(chunk)))
  child.stderr.on('data', chunk => (output += String(chunk)))
  const exited = new Promise(resolve => child.once('exit', resolve))
  const firstQuestion = new Promise<void>((resolve, reject) => {
    const check = () => (asked > 0 ? resolve() : setTimeout(check, 50))
    check()
    void exited.then(code =>
      reject(new Error(`the backend exited (code ${String(code)}) while its node was not up: ${output}`))
    )
  })
  let solana: Awaited<ReturnType<typeof startSolana>> | undefined
  try {
    await firstQuestion
    await new Promise<void>(resolve => notYet.close(() => resolve()))
    await release(port + 1)
    solana = await startSolana({ port })
    const { caipNetworkId } = solana
    await Promise.race([
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no Solana line: ${output}`)), 60_000)
        const check = () => {
          if (output.includes(`Reading Solana: ${caipNetworkId} at http://127.0.0.1:${port}`)) {
            clearTimeout(timer)
            resolve()
          } else setTimeout(check, 100)
        }
        check()
      }),
      exited.then(code => Promise.reject(new Error(`the backend exited ${String(code)}: ${output}`)))
    ])
  } finally {
    child.kill('SIGTERM')
    await exited
    notYet.close()
    await release(port + 1)
    await solana?.stop()
  }
}
