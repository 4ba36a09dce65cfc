// What the blockchain endpoint tests share: two real local chains (local/chain/start.ts, free ports), the
// backend over an in-memory PGlite (service/backend/main.ts startServer, port 0), viem clients for the test
// accounts, and a fetch helper that sends the sdk query every kit call carries and checks the
// answer against the shared response schema.
import assert from 'node:assert/strict'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { startChains, type LocalChain, type LocalChains } from '../../local/chain/start.js'
import { CONTRACTS, localViemChain, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { blockchainService, type BlockchainService } from '../../service/backend/blockchain/service.js'
import { createChainContext } from '../../service/backend/context.js'
import type { Database } from '../../service/backend/db/database.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { apiErrorBodySchema } from '../../src/api/schemas/index.js'

export const SDK_QUERY = { projectId: 'appkit-local', st: 'appkit', sv: 'html-elements-0.1.0' }

export interface Answer<T = unknown> {
  status: number
  body: T
}

export class Stack {
  constructor(
    readonly local: LocalChains,
    public server: RunningServer
  ) {}

  get url(): string {
    return this.server.url
  }

  get service(): BlockchainService {
    return blockchainService(this.server.context)
  }

  get chainA(): LocalChain {
    return this.local.chains[0]!
  }

  get chainB(): LocalChain {
    return this.local.chains[1]!
  }

  publicClient(chain: LocalChain = this.chainA): PublicClient {
    return createPublicClient({
      chain: localViemChain(chain.chainId, chain.rpcUrl),
      transport: http(chain.rpcUrl)
    }) as PublicClient
  }

  wallet(
    account: PrivateKeyAccount | Hex,
    chain: LocalChain = this.chainA
  ): WalletClient & { account: PrivateKeyAccount } {
    const signer = typeof account === 'string' ? privateKeyToAccount(account) : account
    return createWalletClient({
      account: signer,
      chain: localViemChain(chain.chainId, chain.rpcUrl),
      transport: http(chain.rpcUrl)
    }) as WalletClient & { account: PrivateKeyAccount }
  }

  /** A fresh account with `eth` ETH (and optionally tUSDC / TT) from test account #0, its funding indexed. */
  async freshAccount(
    options: { eth?: string; tUSDC?: bigint; TT?: bigint; chain?: LocalChain } = {}
  ): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey())
    const chain = options.chain ?? this.chainA
    const funder = this.wallet(TEST_ACCOUNTS[0]!.privateKey, chain)
    const client = this.publicClient(chain)
    const sent: Hex[] = []
    sent.push(
      await funder.sendTransaction({
        account: funder.account,
        chain: funder.chain,
        to: account.address,
        value: parseEther(options.eth ?? '10')
      })
    )
    for (const symbol of ['tUSDC', 'TT'] as const) {
      const amount = options[symbol]
      if (!amount) continue
      sent.push(
        await funder.writeContract({
          account: funder.account,
          chain: funder.chain,
          address: CONTRACTS[symbol],
          abi: erc20Abi,
          functionName: 'transfer',
          args: [account.address, amount]
        })
      )
    }
    let lastBlock = 0n
    for (const hash of sent) {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.blockNumber > lastBlock) lastBlock = receipt.blockNumber
    }
    // The indexer drops an address's cached balance when it sees the address move: wait until it
    // has read the funding, so that a test's first answer is not dropped by it later.
    await this.service.indexer.chain(`eip155:${chain.chainId}`).waitForBlock(lastBlock, 20_000)
    return account
  }

  /** Waits until the indexer has read the block of `hash` on `chain`. */
  async indexed(hash: Hex, chain: LocalChain = this.chainA): Promise<void> {
    const receipt = await this.publicClient(chain).waitForTransactionReceipt({ hash, pollingInterval: 50 })
    await this.service.indexer.chain(`eip155:${chain.chainId}`).waitForBlock(receipt.blockNumber, 20_000)
  }

  async request(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string | undefined>; body?: unknown; raw?: string; sdk?: boolean } = {}
  ): Promise<Answer> {
    const url = new URL(this.url + path)
    for (const [key, value] of Object.entries({ ...(options.sdk === false ? {} : SDK_QUERY), ...options.query })) {
      if (value !== undefined) url.searchParams.set(key, value)
    }
    const response = await fetch(url, {
      method,
      headers: method === 'POST' ? { 'Content-Type': 'application/json' } : undefined,
      body: method === 'POST' ? (options.raw ?? JSON.stringify(options.body)) : undefined
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body }
  }

  /** GET that must answer 200 with a body that passes `schema`. */
  async get<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    query: Record<string, string | undefined> = {}
  ): Promise<z.output<S>> {
    const answer = await this.request('GET', path, { query })
    assert.equal(answer.status, 200, `GET ${path}: ${JSON.stringify(answer.body)}`)
    return parsed(schema, answer.body)
  }

  async post<S extends z.ZodMiniType>(path: string, schema: S, body: unknown): Promise<z.output<S>> {
    const answer = await this.request('POST', path, { body })
    assert.equal(answer.status, 200, `POST ${path}: ${JSON.stringify(answer.body)}`)
    return parsed(schema, answer.body)
  }

  /** A request that must fail with `status`; answers the error message (checked against the error schema). */
  async error(
    method: 'GET' | 'POST',
    path: string,
    status: number,
    options: { query?: Record<string, string | undefined>; body?: unknown; raw?: string; sdk?: boolean } = {}
  ): Promise<string> {
    const answer = await this.request(method, path, options)
    assert.equal(
      answer.status,
      status,
      `${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`
    )
    return parsed(apiErrorBodySchema, answer.body).message
  }

  /** Restarts the backend over `db` (the chains keep running). */
  async restartServer(db: Database): Promise<void> {
    await this.server.stop()
    this.server = await startServer({ port: 0, ignoreEnv: true, db, chains: chainContexts(this.local) })
  }

  async stop(): Promise<void> {
    await this.server.stop()
    await this.local.stop()
  }
}

export function parsed<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value)
  assert.ok(
    result.success,
    result.success ? '' : `${z.prettifyError(result.error)}\n${JSON.stringify(value).slice(0, 2000)}`
  )
  return result.data
}

export function chainContexts(local: LocalChains) {
  return local.chains.map(chain => createChainContext(chain.chainId, chain.rpcUrl, chain.deployBlock))
}

/** Starts the chains and the backend (over `db`, or an in-memory PGlite of its own). */
export async function startStack(options: { db?: Database } = {}): Promise<Stack> {
  process.env.APPKIT_INDEXER_POLL_MS ??= '200'
  const local = await startChains({ portA: 0, portB: 0 })
  try {
    const server = await startServer({ port: 0, ignoreEnv: true, db: options.db, chains: chainContexts(local) })
    const stack = new Stack(local, server)
    await stack.service.indexer.waitForHead(30_000)
    return stack
  } catch (error) {
    await local.stop()
    throw error
  }
}

export const addressOf = (account: { address: Address }) => account.address
