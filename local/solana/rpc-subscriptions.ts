/**
 * The local Solana RPC's pubsub side (served by rpc-server.ts): the subscriptions of each websocket
 * (account, program, signature, logs, slot, root), their notifications as the chain moves, and the
 * subscribe / unsubscribe methods.
 */
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { MS_PER_SLOT, type SolanaChain, type TransactionRecord } from './chain.js'
import { RpcError, encodeAccount, type AccountEncoding, type DataSlice } from './codec.js'
import {
  accountConfig,
  commitment,
  method,
  passesFilters,
  programFilter,
  pubkey,
  type RpcMethod
} from './rpc-params.js'

type Subscription =
  | { kind: 'account'; socket: WebSocket; pubkey: string; encoding: AccountEncoding; dataSlice?: DataSlice | undefined }
  | {
      kind: 'program'
      socket: WebSocket
      program: string
      encoding: AccountEncoding
      filters: z.infer<typeof programFilter>[]
    }
  | { kind: 'signature'; socket: WebSocket; signature: string; received: boolean }
  | { kind: 'logs'; socket: WebSocket; mentions: string | null }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'root'; socket: WebSocket }

const NOTIFICATION_METHOD: Record<Subscription['kind'], string> = {
  account: 'accountNotification',
  program: 'programNotification',
  signature: 'signatureNotification',
  logs: 'logsNotification',
  slot: 'slotNotification',
  root: 'rootNotification'
}

export class Subscriptions {
  private nextId = 0
  readonly all = new Map<number, Subscription>()
  private slotTimer: NodeJS.Timeout | undefined

  constructor(private readonly chain: SolanaChain) {}

  add(subscription: Subscription): number {
    const id = this.nextId++
    this.all.set(id, subscription)
    this.updateSlotTimer()
    return id
  }

  remove(id: number, socket: WebSocket): boolean {
    const subscription = this.all.get(id)
    if (!subscription || subscription.socket !== socket) return false
    this.all.delete(id)
    this.updateSlotTimer()
    return true
  }

  removeSocket(socket: WebSocket): void {
    for (const [id, subscription] of this.all) if (subscription.socket === socket) this.all.delete(id)
    this.updateSlotTimer()
  }

  /** Slots advance on their own only while someone listens to them. */
  private updateSlotTimer(): void {
    const wanted = [...this.all.values()].some(s => s.kind === 'slot' || s.kind === 'root')
    if (wanted && !this.slotTimer) {
      this.slotTimer = setInterval(() => this.chain.tick(), MS_PER_SLOT / 2)
      this.slotTimer.unref()
    } else if (!wanted && this.slotTimer) {
      clearInterval(this.slotTimer)
      this.slotTimer = undefined
    }
  }

  notify(id: number, subscription: Subscription, result: unknown): void {
    if (subscription.socket.readyState !== subscription.socket.OPEN) return
    const params = { result, subscription: id }
    subscription.socket.send(JSON.stringify({ jsonrpc: '2.0', method: NOTIFICATION_METHOD[subscription.kind], params }))
  }

  signatureNotification(
    id: number,
    subscription: Subscription & { kind: 'signature' },
    record: TransactionRecord
  ): void {
    const context = { slot: record.slot }
    if (subscription.received) this.notify(id, subscription, { context, value: 'receivedSignature' })
    this.notify(id, subscription, { context, value: { err: record.err } })
    this.all.delete(id)
  }

  onSlot(slot: number, parent: number): void {
    for (const [id, subscription] of this.all) {
      if (subscription.kind === 'slot') this.notify(id, subscription, { parent, root: slot, slot })
      if (subscription.kind === 'root') this.notify(id, subscription, slot)
    }
  }

  onTransaction(record: TransactionRecord, written: string[]): void {
    const chain = this.chain
    const context = { slot: record.slot }
    const writtenSet = new Set(written)
    const mentioned = new Set(record.keys.all)
    for (const [id, subscription] of this.all) {
      switch (subscription.kind) {
        case 'signature':
          if (subscription.signature === record.signature) this.signatureNotification(id, subscription, record)
          break
        case 'account':
          if (writtenSet.has(subscription.pubkey)) {
            const account = chain.getAccount(subscription.pubkey) ?? {
              lamports: 0n,
              owner: '11111111111111111111111111111111',
              data: new Uint8Array(0),
              executable: false
            }
            const value = encodeAccount(account, subscription.encoding, subscription.dataSlice, chain.decimalsOf)
            this.notify(id, subscription, { context, value })
          }
          break
        case 'program':
          for (const key of writtenSet) {
            const account = chain.getAccount(key)
            if (account?.owner === subscription.program && passesFilters(account, subscription.filters)) {
              const value = {
                pubkey: key,
                account: encodeAccount(account, subscription.encoding, undefined, chain.decimalsOf)
              }
              this.notify(id, subscription, { context, value })
            }
          }
          break
        case 'logs':
          if (subscription.mentions === null || mentioned.has(subscription.mentions)) {
            this.notify(id, subscription, {
              context,
              value: { err: record.err, logs: record.logs, signature: record.signature }
            })
          }
          break
      }
    }
  }

  stop(): void {
    clearInterval(this.slotTimer)
    this.all.clear()
  }
}

/** The pubsub methods; each needs the socket it was called on. */
export function pubsubMethods(subscriptions: Subscriptions, socket: WebSocket): Record<string, RpcMethod> {
  const unsubscribe = (name: string) =>
    method(z.tuple([z.number().int().nonnegative()]), ([id]) => {
      if (!subscriptions.remove(id, socket)) throw new RpcError(-32602, `Invalid subscription id. (${name})`)
      return true
    })
  const commitmentOnly = z.object({ commitment: commitment.optional() }).nullish()
  return {
    accountSubscribe: method(z.tuple([pubkey, accountConfig.nullish()]), ([key, config]) =>
      subscriptions.add({
        kind: 'account',
        socket,
        pubkey: key,
        encoding: config?.encoding ?? 'binary',
        dataSlice: config?.dataSlice
      })
    ),
    accountUnsubscribe: unsubscribe('accountUnsubscribe'),
    programSubscribe: method(
      z.tuple([pubkey, accountConfig.extend({ filters: z.array(programFilter).max(4).optional() }).nullish()]),
      ([program, config]) =>
        subscriptions.add({
          kind: 'program',
          socket,
          program,
          encoding: config?.encoding ?? 'binary',
          filters: config?.filters ?? []
        })
    ),
    programUnsubscribe: unsubscribe('programUnsubscribe'),
    signatureSubscribe: method(
      z.tuple([
        z.string(),
        z.object({ commitment: commitment.optional(), enableReceivedNotification: z.boolean().optional() }).nullish()
      ]),
      ([signature, config], { chain }) => {
        const subscription = {
          kind: 'signature' as const,
          socket,
          signature,
          received: config?.enableReceivedNotification ?? false
        }
        const id = subscriptions.add(subscription)
        const record = chain.getTransaction(signature)
        // Already processed: notify right after the subscribe response has gone out.
        if (record)
          setImmediate(() => subscriptions.all.has(id) && subscriptions.signatureNotification(id, subscription, record))
        return id
      }
    ),
    signatureUnsubscribe: unsubscribe('signatureUnsubscribe'),
    logsSubscribe: method(
      z.tuple([z.union([z.enum(['all', 'allWithVotes']), z.object({ mentions: z.tuple([pubkey]) })]), commitmentOnly]),
      ([filter]) =>
        subscriptions.add({ kind: 'logs', socket, mentions: typeof filter === 'string' ? null : filter.mentions[0] })
    ),
    logsUnsubscribe: unsubscribe('logsUnsubscribe'),
    slotSubscribe: method(z.tuple([]), () => subscriptions.add({ kind: 'slot', socket })),
    slotUnsubscribe: unsubscribe('slotUnsubscribe'),
    rootSubscribe: method(z.tuple([]), () => subscriptions.add({ kind: 'root', socket })),
    rootUnsubscribe: unsubscribe('rootUnsubscribe')
  }
}
