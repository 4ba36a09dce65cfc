// The few Solana JSON-RPC calls the backend makes (balances and history of an address), each answer
// parsed with zod: getGenesisHash, getBalance, getTokenAccountsByOwner (jsonParsed),
// getSignaturesForAddress and getTransaction (json).
import * as z from 'zod'

/** The classic SPL Token program. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

const rpcAnswer = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number(), message: z.string() }) })
])

const withContext = <T extends z.ZodType>(value: T) => z.object({ context: z.object({ slot: z.number() }), value })

const tokenAmount = z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) })

export const tokenAccountsSchema = withContext(
  z.array(
    z.object({
      pubkey: z.string(),
      account: z.object({
        data: z.object({
          parsed: z.object({ info: z.object({ mint: z.string(), owner: z.string(), tokenAmount }) })
        })
      })
    })
  )
)

export const signaturesSchema = z.array(
  z.object({ signature: z.string(), slot: z.number(), blockTime: z.number().nullable(), err: z.unknown() })
)

const tokenBalanceSchema = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: tokenAmount
})

export const transactionSchema = z
  .object({
    slot: z.number(),
    blockTime: z.number().nullable(),
    meta: z.object({
      err: z.unknown(),
      fee: z.number(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
      preTokenBalances: z.array(tokenBalanceSchema).default([]),
      postTokenBalances: z.array(tokenBalanceSchema).default([])
    }),
    transaction: z.object({
      signatures: z.array(z.string()).min(1),
      message: z.object({ accountKeys: z.array(z.string()).min(1) })
    })
  })
  .nullable()
export type SolanaTransaction = NonNullable<z.infer<typeof transactionSchema>>

export class SolanaRpc {
  private id = 0

  constructor(readonly url: string) {}

  async call<T extends z.ZodType>(method: string, params: unknown[], schema: T): Promise<z.infer<T>> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
      signal: AbortSignal.timeout(10_000)
    })
    if (!response.ok) throw new Error(`Solana RPC ${method}: HTTP ${response.status}`)
    const answer = rpcAnswer.parse(await response.json())
    if ('error' in answer) throw new Error(`Solana RPC ${method}: ${answer.error.message}`)
    return schema.parse(answer.result)
  }

  genesisHash(): Promise<string> {
    return this.call('getGenesisHash', [], z.string())
  }

  async lamports(address: string): Promise<bigint> {
    const { value } = await this.call('getBalance', [address, { commitment: 'confirmed' }], withContext(z.number()))
    return BigInt(value)
  }

  async tokenAccounts(owner: string) {
    const { value } = await this.call(
      'getTokenAccountsByOwner',
      [owner, { programId: TOKEN_PROGRAM_ID }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
      tokenAccountsSchema
    )
    return value
  }

  /** The mint's supply and decimals. */
  async tokenSupply(mint: string) {
    const { value } = await this.call('getTokenSupply', [mint, { commitment: 'confirmed' }], withContext(tokenAmount))
    return value
  }

  signatures(address: string, options: { limit: number; before?: string }) {
    return this.call(
      'getSignaturesForAddress',
      [
        address,
        { limit: options.limit, commitment: 'confirmed', ...(options.before ? { before: options.before } : {}) }
      ],
      signaturesSchema
    )
  }

  transaction(signature: string) {
    return this.call(
      'getTransaction',
      [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
      transactionSchema
    )
  }
}
