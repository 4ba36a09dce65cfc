// The chain-reading endpoints of docs/behaviour.md section 7 (backend B): balance and history (EVM from the
// indexer, Solana from its node: service/backend/solana), the account's
// NFTs (ours, beside the spec's calls), identity, the
// profile (name) paths, the convert (swap) paths and fungible price (service/backend/routes/convert.ts),
// plus the NFT images that history links to. Requests are parsed with the shared schemas of src/api/schemas, every answer
// is checked against its response schema (service/backend/http.ts respond), errors are `{ message }`.
//
// The indexer that history reads is started here when the server has a close hook (startServer):
// it catches up on start, follows new blocks and stops with the server.
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  addressPathSchema,
  balanceQuerySchema,
  balanceResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  identityQuerySchema,
  identityResponseSchema,
  nftsQuerySchema,
  nftsResponseSchema,
  profileAccountQuerySchema,
  profileAccountResponseSchema,
  profileNameSchema,
  profileReverseQuerySchema,
  profileReverseResponseSchema,
  profileSuggestionsQuerySchema,
  profileSuggestionsResponseSchema,
  registerNameBodySchema,
  registerNameResponseSchema
} from '../../../src/api/schemas/index.js'
import type { ServerContext } from '../context.js'
import { notFound, parseBody, parseParams, parseQuery, requireProject, respond } from '../http.js'
import { nftImage } from '../blockchain/nft-image.js'
import { blockchainService } from '../blockchain/service.js'
import { evmAddress } from '../blockchain/setup.js'
import { isSolanaAddress, SolanaAccountService } from '../solana/accounts.js'
import { BitcoinAccountService, isBitcoinAddress } from '../bitcoin/esplora.js'
import { answerLinks } from './blockchain-links.js'
import { convertRoutes } from './convert.js'

const namePathSchema = z.object({ name: profileNameSchema })
/**
 * The account paths (balance, history, NFTs) take Bitcoin addresses too (bech32 ones are no EVM or
 * Solana form): a Bitcoin account has a balance and a history (Esplora); its NFTs are empty.
 */
const accountPathSchema = z.object({
  address: z.union([
    addressPathSchema.shape.address,
    z.string().check(z.refine(isBitcoinAddress, 'a Bitcoin address (bc1/tb1/bcrt1 segwit, or base58)'))
  ])
})
const nftImagePathSchema = z.object({
  chainId: z.string().check(z.regex(/^eip155:\d+$/, 'an EVM CAIP-2 chain id')),
  contract: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'a contract address')),
  tokenId: z.string().check(z.regex(/^\d{1,78}$/, 'a token id'))
})

export function blockchainRoutes(context: ServerContext): Hono {
  const service = blockchainService(context)
  if (context.onClose && context.chains.length > 0) {
    service.start()
    context.onClose(() => service.stop())
  }
  const solana = context.solana ? new SolanaAccountService(context.solana) : undefined
  const bitcoin = context.bitcoin ? new BitcoinAccountService(context.bitcoin) : undefined
  const app = new Hono()

  const { tokenIcon, links } = answerLinks(context)

  // ---- balance and history ----

  app.get('/v1/account/:address/balance', async c => {
    requireProject(c, context)
    const { address } = parseParams(c, accountPathSchema)
    const query = parseQuery(c, balanceQuerySchema)
    const evm = evmAddress(address)
    // A legacy Bitcoin address can also read as a Solana one: the chain asked for decides first.
    const onBitcoin = query.chainId ? query.chainId.startsWith('bip122:') : !evm && !isSolanaAddress(address)
    const balances = onBitcoin
      ? bitcoin && isBitcoinAddress(address)
        ? await bitcoin.balances(address, { chainId: query.chainId, iconUrl: tokenIcon(c) })
        : []
      : evm
        ? await service.balances.balances(evm, {
            chainId: query.chainId,
            forceUpdate: query.forceUpdate,
            iconUrl: tokenIcon(c)
          })
        : solana && isSolanaAddress(address)
          ? await solana.balances(address, { chainId: query.chainId, iconUrl: tokenIcon(c) })
          : []
    return respond(c, balanceResponseSchema, { balances })
  })

  app.get('/v1/account/:address/history', async c => {
    requireProject(c, context)
    const { address } = parseParams(c, accountPathSchema)
    const query = parseQuery(c, historyQuerySchema)
    const evm = evmAddress(address)
    const onBitcoin = query.chainId ? query.chainId.startsWith('bip122:') : !evm && !isSolanaAddress(address)
    if (onBitcoin) {
      const page =
        bitcoin && isBitcoinAddress(address) && !query.onramp
          ? await bitcoin.history(address, { cursor: query.cursor, chainId: query.chainId, links: links(c) })
          : { data: [], next: null }
      return respond(c, historyResponseSchema, page)
    }
    const page = evm
      ? await service.history.page(evm, {
          cursor: query.cursor,
          chainId: query.chainId,
          onramp: query.onramp,
          links: links(c)
        })
      : solana && isSolanaAddress(address) && !query.onramp
        ? await solana.history(address, { cursor: query.cursor, chainId: query.chainId, links: links(c) })
        : { data: [], next: null }
    return respond(c, historyResponseSchema, page)
  })

  app.get('/v1/account/:address/nfts', async c => {
    requireProject(c, context)
    const { address } = parseParams(c, accountPathSchema)
    const query = parseQuery(c, nftsQuerySchema)
    const evm = evmAddress(address)
    const data = evm
      ? await service.nfts.held(evm, { chainId: query.chainId, links: links(c) })
      : solana && isSolanaAddress(address)
        ? await solana.nfts(address, { chainId: query.chainId })
        : []
    return respond(c, nftsResponseSchema, { data })
  })

  // ---- identity and names ----

  app.get('/v1/identity/:address', async c => {
    requireProject(c, context)
    const { address } = parseParams(c, addressPathSchema)
    parseQuery(c, identityQuerySchema)
    return respond(c, identityResponseSchema, await service.names.identity(address))
  })

  app.get('/v1/profile/account/:name', async c => {
    requireProject(c, context)
    const { name } = parseParams(c, namePathSchema)
    parseQuery(c, profileAccountQuerySchema)
    return respond(c, profileAccountResponseSchema, await service.names.profile(name))
  })

  app.get('/v1/profile/reverse/:address', async c => {
    requireProject(c, context)
    const { address } = parseParams(c, addressPathSchema)
    parseQuery(c, profileReverseQuerySchema)
    return respond(c, profileReverseResponseSchema, await service.names.reverse(address))
  })

  app.get('/v1/profile/suggestions/:name', async c => {
    requireProject(c, context)
    const { name } = parseParams(c, namePathSchema)
    const query = parseQuery(c, profileSuggestionsQuerySchema)
    const suggestions = await service.names.suggestions(name, query.zone)
    return respond(c, profileSuggestionsResponseSchema, { suggestions })
  })

  app.post('/v1/profile/account', async c => {
    requireProject(c, context)
    const body = await parseBody(c, registerNameBodySchema)
    await service.names.register(body)
    return respond(c, registerNameResponseSchema, { success: true })
  })

  app.route('/', convertRoutes(context, service))

  // ---- NFT images (what history's nft_info.content.preview.url points at) ----

  app.get('/v1/nft/image/:chainId/:contract/:tokenId', async c => {
    const { chainId, contract, tokenId } = parseParams(c, nftImagePathSchema)
    const reader = service.byChain.get(chainId)
    if (!reader) throw notFound(`No chain ${chainId} on this backend`)
    const image = await nftImage(reader, contract as `0x${string}`, BigInt(tokenId))
    if (!image) throw notFound(`No image for token ${tokenId} of ${contract} on ${chainId}`)
    return c.body(image.body, 200, {
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      // Images from contracts are not trusted: an SVG opened directly may run nothing.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
    })
  })

  return app
}
