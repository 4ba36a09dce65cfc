// The metadata and image of an NFT, read from its tokenURI: the local collections answer a data:
// URI of JSON metadata (name, description) whose image is a data: URI of an SVG. The kit only loads https images or images from
// its backend's origin (src/utils/safe-url.ts), never data: URIs, so history links to
// GET /v1/nft/image/{chainId}/{contract}/{tokenId}, which serves the decoded image. Metadata on
// http(s) URLs is not fetched (the backend reads chains, not the internet).
import { erc721Abi, type Address } from 'viem'
import type { ChainReader } from './reader.js'

export interface NftImage {
  contentType: string
  body: Uint8Array<ArrayBuffer>
}

/** What the token's metadata (its tokenURI's JSON) says; each field only when it is a string. */
export interface NftMetadata {
  name?: string
  description?: string
  image?: string
}

const cache = new Map<string, Promise<NftMetadata | undefined>>()
const CACHE_LIMIT = 500

/** The token's metadata from its tokenURI (a data: URI of JSON); cached, undefined when unreadable. */
export function nftMetadata(reader: ChainReader, contract: Address, tokenId: bigint): Promise<NftMetadata | undefined> {
  const key = `${reader.caip}|${contract.toLowerCase()}|${tokenId}`
  let entry = cache.get(key)
  if (!entry) {
    entry = readMetadata(reader, contract, tokenId)
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    cache.set(key, entry)
    entry.then(
      metadata => {
        if (!metadata) cache.delete(key)
      },
      () => cache.delete(key)
    )
  }
  return entry
}

export async function nftImage(reader: ChainReader, contract: Address, tokenId: bigint): Promise<NftImage | undefined> {
  const image = (await nftMetadata(reader, contract, tokenId))?.image
  if (!image) return undefined
  const decoded = decodeDataUri(image)
  if (!decoded || !/^image\/(svg\+xml|png|jpeg|gif|webp)$/.test(decoded.contentType)) return undefined
  return decoded
}

async function readMetadata(reader: ChainReader, contract: Address, tokenId: bigint): Promise<NftMetadata | undefined> {
  let uri: string
  try {
    uri = await reader.client.readContract({
      address: contract,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [tokenId]
    })
  } catch {
    return undefined
  }
  const body = decodeDataUri(uri)
  if (!body) return undefined
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body.body))
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null) return undefined
  const field = (name: string) => {
    const value = (json as Record<string, unknown>)[name]
    return typeof value === 'string' ? value : undefined
  }
  const metadata: NftMetadata = {}
  const [name, description, image] = [field('name'), field('description'), field('image')]
  if (name !== undefined) metadata.name = name
  if (description !== undefined) metadata.description = description
  if (image !== undefined) metadata.image = image
  return metadata
}

/** Decodes `data:[type][;base64],payload`. */
export function decodeDataUri(uri: string): NftImage | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(uri)
  if (!match) return undefined
  const contentType = (match[1] || 'text/plain').toLowerCase()
  const base64 = /;base64/i.test(match[2] ?? '')
  const payload = match[3] ?? ''
  try {
    const body = base64
      ? Uint8Array.from(Buffer.from(payload, 'base64'))
      : new TextEncoder().encode(decodeURIComponent(payload))
    return { contentType, body }
  } catch {
    return undefined
  }
}
