// GET /v1/account/{address}/nfts: the ERC-721 tokens an address holds now, from the Transfer logs
// the indexer stored (a token is held when its latest transfer went to the address), with the
// collection's name and symbol, the token's metadata (name, description) and a link to its image,
// flagged as spam when its collection is (service/backend/blockchain/setup.ts).
import { getAddress, type Address } from 'viem'
import type { Nft } from '../../../src/api/schemas/index.js'
import type { Database } from '../db/database.js'
import type { HistoryLinks } from './history.js'
import { nftMetadata } from './nft-image.js'
import type { ChainReader } from './reader.js'

interface HeldRow {
  chain_id: string
  contract: string
  token_id: string
  name: string | null
  symbol: string | null
}

export class NftService {
  constructor(
    private readonly db: Database,
    private readonly readers: Map<string, ChainReader>
  ) {}

  async held(address: string, options: { chainId?: string; links: HistoryLinks }): Promise<Nft[]> {
    const account = address.toLowerCase()
    const params: unknown[] = [account]
    let chainFilter = ''
    if (options.chainId) {
      params.push(options.chainId)
      chainFilter = 'AND chain_id = $2'
    }
    // Every token the address ever received, then each one's latest transfer (block, index, log).
    const { rows } = await this.db.query<HeldRow>(
      `WITH touched AS (
         SELECT DISTINCT chain_id, contract, token_id
           FROM chain_events
          WHERE kind = 'erc721' AND to_address = $1 ${chainFilter}
       ), latest AS (
         SELECT DISTINCT ON (e.chain_id, e.contract, e.token_id)
                e.chain_id, e.contract, e.token_id, e.to_address
           FROM chain_events e
           JOIN touched d ON d.chain_id = e.chain_id AND d.contract = e.contract AND d.token_id = e.token_id
           JOIN chain_transactions t ON t.chain_id = e.chain_id AND t.hash = e.hash
          WHERE e.kind = 'erc721'
          ORDER BY e.chain_id, e.contract, e.token_id, t.block_number DESC, t.tx_index DESC, e.log_index DESC
       )
       SELECT l.chain_id, l.contract, l.token_id::text AS token_id, k.name, k.symbol
         FROM latest l
         LEFT JOIN chain_tokens k ON k.chain_id = l.chain_id AND k.address = l.contract
        WHERE l.to_address = $1
        ORDER BY l.chain_id, l.contract, l.token_id`,
      params
    )
    return Promise.all(rows.map(row => this.nft(row, options.links)))
  }

  private async nft(row: HeldRow, links: HistoryLinks): Promise<Nft> {
    const reader = this.readers.get(row.chain_id)
    const contract = getAddress(row.contract) as Address
    const collection = { name: row.name ?? 'NFT', symbol: row.symbol ?? '' }
    const metadata = reader ? await nftMetadata(reader, contract, BigInt(row.token_id)) : undefined
    return {
      chainId: row.chain_id,
      contract,
      tokenId: row.token_id,
      name: metadata?.name ?? `${collection.name} #${row.token_id}`,
      ...(metadata?.description ? { description: metadata.description } : {}),
      ...(metadata?.image ? { image: { url: links.nftImage(row.chain_id, contract, row.token_id) } } : {}),
      collection,
      flags: { is_spam: reader?.setup.spamCollections.has(row.contract) ?? false }
    }
  }
}
