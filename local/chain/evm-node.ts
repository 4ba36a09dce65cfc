// Starts one hardhat node (Hardhat Network behind its JSON-RPC server, HTTP and websocket) as a
// child process on 127.0.0.1, with the chain id given. The child runs local/chain/hardhat-node.cjs and
// exits by itself if this process goes away.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { CHAIN_DIR } from './compile.js'

export interface EvmNodeOptions {
  chainId: number
  /** 0 picks a free port (what tests do). */
  port: number
  /** Receives the node's output, line by line (by default it is dropped). */
  log?: (line: string) => void
  /** Logs every JSON-RPC call to `log` (hardhat's own request logging). */
  logRequests?: boolean
  /** How long to wait for the node to listen; 30 s by default. */
  timeoutMs?: number
}

export interface EvmNode {
  chainId: number
  port: number
  rpcUrl: string
  wsUrl: string
  pid: number
  /** Settles when the node process ends, whether stop() ended it or not. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Stops the node (SIGTERM, then SIGKILL after 3 s); safe to call twice. */
  stop(): Promise<void>
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    what: string
  ) {
    super(
      `Port ${port} on 127.0.0.1 is already in use, so ${what} cannot start there. ` +
        'Stop the process using it, or choose another port (CHAIN_A_PORT / CHAIN_B_PORT, or --port-a / --port-b).'
    )
    this.name = 'PortInUseError'
  }
}

/** Resolves when `port` can be bound on 127.0.0.1; rejects with PortInUseError otherwise. */
export function assertPortFree(port: number, what: string): Promise<void> {
  if (port === 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortInUseError(port, what) : error)
    })
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()))
  })
}

const READY = /Started HTTP and WebSocket JSON-RPC server at http:\/\/127\.0\.0\.1:(\d+)\//

export async function startEvmNode(options: EvmNodeOptions): Promise<EvmNode> {
  const { chainId, port, log, timeoutMs = 30_000 } = options
  const what = `the local chain ${chainId}`
  await assertPortFree(port, what)

  const child = spawn(process.execPath, [join(CHAIN_DIR, 'hardhat-node.cjs')], {
    cwd: CHAIN_DIR,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      APPKIT_CHAIN_ID: String(chainId),
      APPKIT_CHAIN_PORT: String(port),
      APPKIT_CHAIN_LOG: options.logRequests ? '1' : '0',
      NO_COLOR: '1'
    }
  })
  // The IPC channel only tells the child when we are gone; it must not keep us alive.
  child.channel?.unref()
  child.unref()
  const exitedPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    child.once('exit', (code, signal) => resolve({ code, signal }))
  )

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exitedPromise
      clearTimeout(timer)
    })()
    return stopping
  }

  let output = ''
  const actualPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs
    )
    function fail(error: Error) {
      clearTimeout(timer)
      void stop()
      reject(error)
    }
    const onLine = (raw: string) => {
      // Hardhat colours its request log whatever the environment says.
      const line = stripVTControlCharacters(raw)
      log?.(line)
      const match = READY.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    for (const stream of [child.stdout, child.stderr]) {
      let pending = ''
      stream?.setEncoding('utf8')
      stream?.on('data', (chunk: string) => {
        if (output.length < 20_000) output += chunk
        pending += chunk
        const lines = pending.split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      })
    }
    child.once('error', error => fail(error))
    child.once('exit', (code, signal) => {
      if (/EADDRINUSE/.test(output)) fail(new PortInUseError(port, what))
      else fail(new Error(`${what} exited before it was ready (code ${code}, signal ${signal}):\n${output}`))
    })
  })

  return {
    chainId,
    port: actualPort,
    rpcUrl: `http://127.0.0.1:${actualPort}`,
    wsUrl: `ws://127.0.0.1:${actualPort}`,
    pid: child.pid!,
    exited: exitedPromise,
    stop
  }
}
