// The image of an NFT, read from its tokenURI: the local collections answer a data: URI of JSON
// metadata whose image is a data: URI of an SVG. The kit only loads https images or images from
// its backend's origin (src/api/safe-url.ts), never data: URIs, so history links to
// GET /v1/nft/image/{chainId}/{contract}/{tokenId}, which serves the decoded image. Metadata on
// http(s) URLs is not fetched (the backend reads chains, not the internet).
import { erc721Abi, type Address } from 'viem'
import type { ChainReader } from './reader.js'

export interface NftImage {
  contentType: string
  body: Uint8Array<ArrayBuffer>
}

const cache = new Map<string, Promise<NftImage | undefined>>()
const CACHE_LIMIT = 500

export function nftImage(reader: ChainReader, contract: Address, tokenId: bigint): Promise<NftImage | undefined> {
  const key = `${reader.caip}|${contract.toLowerCase()}|${tokenId}`
  let entry = cache.get(key)
  if (!entry) {
    entry = readImage(reader, contract, tokenId)
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    cache.set(key, entry)
    entry.then(
      image => {
        if (!image) cache.delete(key)
      },
      () => cache.delete(key)
    )
  }
  return entry
}

async function readImage(reader: ChainReader, contract: Address, tokenId: bigint): Promise<NftImage | undefined> {
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
  const metadata = decodeDataUri(uri)
  if (!metadata) return undefined
  let image: unknown
  try {
    image = (JSON.parse(new TextDecoder().decode(metadata.body)) as { image?: unknown }).image
  } catch {
    return undefined
  }
  if (typeof image !== 'string') return undefined
  const decoded = decodeDataUri(image)
  if (!decoded || !/^image\/(svg\+xml|png|jpeg|gif|webp)$/.test(decoded.contentType)) return undefined
  return decoded
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
