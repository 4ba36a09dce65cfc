/**
 * The local Farcaster relay and app page for `npm start` (and by hand):
 *
 *   npx tsx local/farcaster/start.ts [--port 8791]
 *
 * The backend is pointed at it, and at the registries on chain A, with localFarcasterEnv().
 */
import { exitOnSignal, option, runAsCommand } from '../stack/local-service.js'
import { LOCAL_FID, LOCAL_USERNAME, handleLocalApp } from './local-app.js'
import { startLocalFarcasterRelay } from './relay.js'

export const DEFAULT_FARCASTER_PORT = 8791

async function main(args: readonly string[]): Promise<void> {
  const port = Number(option(args, '--port') ?? DEFAULT_FARCASTER_PORT)
  const started = performance.now()
  const relay = await startLocalFarcasterRelay({ port, handle: handleLocalApp })
  console.log(`relay    ${relay.url}`)
  console.log(`app page ${relay.url}/~/siwf (signs in as fid ${LOCAL_FID.fid}, '${LOCAL_USERNAME}' unless renamed)`)
  console.log(`Farcaster relay ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  exitOnSignal(() => relay.close())
}

runAsCommand(import.meta.url, main)
