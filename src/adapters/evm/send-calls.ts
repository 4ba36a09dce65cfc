import * as z from 'zod/mini'
import { systemClock, type Clock } from '../../api/clock.js'
import { statusPollMs } from './poll-interval.js'

/**
 * EIP-5792 batches (docs/behaviour.md section 5: send-calls entries need 'to'; data starts with 0x): whether
 * the wallet executes a batch atomically (wallet_getCapabilities), sending one
 * (wallet_sendCalls, version 2.0.0, atomicRequired) and waiting for it (wallet_getCallsStatus).
 */

/**
 * 31337 -> '0x7a69'. Here rather than from chain-id.ts: the EVM adapter loads that before a click,
 * and sharing it with this flow would split it into a chunk of its own.
 */
const toHexChain = (chainId: number): `0x${string}` => `0x${chainId.toString(16)}`

export type EvmRequest = (method: string, params: readonly unknown[]) => Promise<unknown>

export interface Call {
  readonly to: string
  readonly data?: string
  readonly value?: bigint
}

export const SEND_CALLS_TO_REQUIRED = "A call's 'to' is required"
export const SEND_CALLS_DATA_HEX = "A call's data must start with 0x"

/** How long a batch's status is asked for (every 4 s, 1 s on a local chain: statusPollMs). */
export const CALLS_STATUS_TIMEOUT_MS = 120_000

const chainCapabilitiesSchema = z.object({ atomic: z.optional(z.object({ status: z.string() })) })
const sendCallsResultSchema = z.object({ id: z.string() })
const callsStatusSchema = z.object({ status: z.number() })

/** The spec's rules for the entries of a batch; throws the rule's text. */
export function checkCalls(calls: readonly Call[]): void {
  for (const call of calls) {
    if (!call.to) throw new Error(SEND_CALLS_TO_REQUIRED)
    if (call.data !== undefined && !call.data.startsWith('0x')) throw new Error(SEND_CALLS_DATA_HEX)
  }
}

/** Whether the wallet says it runs batches atomically on the chain (status supported or ready). */
export async function supportsAtomicBatch(request: EvmRequest, address: string, chainId: number): Promise<boolean> {
  try {
    const hexChain = toHexChain(chainId)
    const answer: unknown = await request('wallet_getCapabilities', [address, [hexChain]])
    const onChain =
      typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[hexChain] : undefined
    const parsed = chainCapabilitiesSchema.safeParse(onChain)
    const status = parsed.success ? parsed.data.atomic?.status : undefined
    return status === 'supported' || status === 'ready'
  } catch {
    // A wallet without EIP-5792 answers with an error: no batches.
    return false
  }
}

/**
 * Sends `calls` as one atomic batch and waits until the wallet reports it final; resolves whether
 * it succeeded (status 200).
 */
export async function sendAtomicBatch(
  request: EvmRequest,
  options: {
    readonly from: string
    readonly chainId: number
    readonly calls: readonly Call[]
    /** Time as the wait sees it (tests); the system's by default. */
    readonly clock?: Clock
  }
): Promise<boolean> {
  const clock = options.clock ?? systemClock
  checkCalls(options.calls)
  const answer: unknown = await request('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: toHexChain(options.chainId),
      from: options.from,
      atomicRequired: true,
      calls: options.calls.map(call => ({
        to: call.to,
        ...(call.data ? { data: call.data } : {}),
        ...(call.value ? { value: `0x${call.value.toString(16)}` } : {})
      }))
    }
  ])
  // EIP-5792 v2 answers { id }; earlier drafts answered the id itself.
  const id = typeof answer === 'string' ? answer : sendCallsResultSchema.parse(answer).id
  const pollMs = statusPollMs(options.chainId)
  const deadline = clock.now() + CALLS_STATUS_TIMEOUT_MS
  for (;;) {
    const { status } = callsStatusSchema.parse(await request('wallet_getCallsStatus', [id]))
    if (status >= 200) return status === 200
    if (clock.now() > deadline) throw new Error(`The batch ${id} did not finish in time`)
    await clock.sleep(pollMs)
  }
}
