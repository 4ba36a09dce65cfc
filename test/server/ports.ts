// Free ports of 127.0.0.1 for the backend tests, which run two files at a time (tools/test.mjs):
// a port picked and let go can be taken by the other file (a listener, or an outgoing connection's
// own port) before it is used, so a port that must stay free for a while is held by a listener.
import { createServer, type Server } from 'node:net'

function listen(port: number): Promise<Server | undefined> {
  return new Promise(resolve => {
    const server = createServer()
    server.once('error', () => resolve(undefined))
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

function close(server: Server): Promise<void> {
  return new Promise(resolve => server.close(() => resolve()))
}

/** A port that was free a moment ago (for a server started at once). */
export async function freePort(): Promise<number> {
  const server = await listen(0)
  if (!server) throw new Error('no free port on 127.0.0.1')
  const { port } = server.address() as { port: number }
  await close(server)
  return port
}

/**
 * A port whose successor is held too (the local Solana node takes `port` and `port + 1`): both stay
 * taken by listeners until `release(port)` or `release(port + 1)` frees that one.
 */
export async function holdPortPair(): Promise<{ port: number; release: (port: number) => Promise<void> }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = await listen(0)
    if (!first) continue
    const { port } = first.address() as { port: number }
    const second = await listen(port + 1)
    if (!second) {
      await close(first)
      continue
    }
    const held = new Map([
      [port, first],
      [port + 1, second]
    ])
    return {
      port,
      release: async which => {
        const server = held.get(which)
        held.delete(which)
        if (server) await close(server)
      }
    }
  }
  throw new Error('no two free ports in a row on 127.0.0.1')
}
