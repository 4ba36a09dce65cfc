// The backend's start with `--solana-rpc URL` (or APPKIT_SOLANA_RPC): the node may still be
// starting (npm start and the e2e stack start it just before), so the backend asks for its genesis
// hash until it answers, and only then gives up with an error naming the URL and the cause. A node
// that answers, but not with a genesis hash (a wrong URL), is an error at once.
import { describeFetchError } from '../fetch-error.js'
import { createSolanaContext, type SolanaContext } from './accounts.js'

export interface WaitForSolanaOptions {
  /** How long to keep asking; default 30 s. */
  waitMs?: number
  /** The pause between two questions; default 250 ms. */
  intervalMs?: number
}

/** Whether `error` says that nothing answered (refused, reset, timed out), so asking again may help. */
function nothingAnswered(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')
}

/** The Solana node at `rpcUrl` once it answers; rejects after `waitMs` with the last cause. */
export async function waitForSolanaNode(
  rpcUrl: string,
  prices?: Readonly<Record<string, number>>,
  { waitMs = 30_000, intervalMs = 250 }: WaitForSolanaOptions = {}
): Promise<SolanaContext> {
  const deadline = Date.now() + waitMs
  // The request's own timeout does not keep a process alive: while waiting, this does.
  const keepAlive = setInterval(() => undefined, 1000)
  try {
    return await askUntilAnswered(rpcUrl, prices, deadline, waitMs, intervalMs)
  } finally {
    clearInterval(keepAlive)
  }
}

async function askUntilAnswered(
  rpcUrl: string,
  prices: Readonly<Record<string, number>> | undefined,
  deadline: number,
  waitMs: number,
  intervalMs: number
): Promise<SolanaContext> {
  for (;;) {
    try {
      return await createSolanaContext(rpcUrl, prices)
    } catch (error) {
      if (!nothingAnswered(error)) {
        throw new Error(
          `The Solana node at ${rpcUrl} answered, but not as a Solana node: ${describeFetchError(error)}`,
          {
            cause: error
          }
        )
      }
      if (Date.now() + intervalMs > deadline) {
        throw new Error(
          `The Solana node at ${rpcUrl} did not answer within ${Math.round(waitMs / 1000)} s: ${describeFetchError(error)}`,
          { cause: error }
        )
      }
      await new Promise(resolve => setTimeout(resolve, intervalMs))
    }
  }
}
