// The convert (swap) paths and fungible price of docs/behaviour.md section 7 (backend B), mounted by
// service/backend/routes/blockchain.ts: the swap token list, quotes, allowance, gas price, the approve and
// swap transactions, and token prices. Requests are parsed with the shared schemas of
// src/api/schemas, every answer is checked against its response schema (service/backend/http.ts respond).
import { Hono } from 'hono'
import {
  buildApproveQuerySchema,
  buildApproveResponseSchema,
  buildTransactionBodySchema,
  buildTransactionResponseSchema,
  convertAllowanceQuerySchema,
  convertAllowanceResponseSchema,
  convertQuotesQuerySchema,
  convertQuotesResponseSchema,
  convertTokensQuerySchema,
  convertTokensResponseSchema,
  fungiblePriceBodySchema,
  fungiblePriceResponseSchema,
  gasPriceQuerySchema,
  gasPriceResponseSchema
} from '../../../src/api/schemas/index.js'
import type { BlockchainService } from '../blockchain/service.js'
import type { ServerContext } from '../context.js'
import { parseBody, parseQuery, requireProject, respond } from '../http.js'
import { answerLinks, checkBodyProject } from './blockchain-links.js'

export function convertRoutes(context: ServerContext, service: BlockchainService): Hono {
  const app = new Hono()
  const { tokenIcon } = answerLinks(context)

  app.get('/v1/convert/tokens', async c => {
    requireProject(c, context)
    const { chainId } = parseQuery(c, convertTokensQuerySchema)
    const tokens = await service.convert.tokens(chainId, { tokenIcon: tokenIcon(c) })
    return respond(c, convertTokensResponseSchema, { tokens })
  })

  app.get('/v1/convert/quotes', async c => {
    requireProject(c, context)
    const query = parseQuery(c, convertQuotesQuerySchema)
    return respond(c, convertQuotesResponseSchema, { quotes: await service.convert.quotes(query) })
  })

  app.get('/v1/convert/allowance', async c => {
    requireProject(c, context)
    const query = parseQuery(c, convertAllowanceQuerySchema)
    const allowance = await service.convert.allowance(query)
    return respond(c, convertAllowanceResponseSchema, { allowance: allowance.toString() })
  })

  app.get('/v1/convert/gas-price', async c => {
    requireProject(c, context)
    const { chainId } = parseQuery(c, gasPriceQuerySchema)
    return respond(c, gasPriceResponseSchema, await service.convert.gasPrice(chainId))
  })

  app.get('/v1/convert/build-approve', async c => {
    requireProject(c, context)
    const query = parseQuery(c, buildApproveQuerySchema)
    return respond(c, buildApproveResponseSchema, await service.convert.buildApprove(query))
  })

  app.post('/v1/convert/build-transaction', async c => {
    requireProject(c, context)
    const body = await parseBody(c, buildTransactionBodySchema)
    checkBodyProject(context, body.projectId)
    return respond(c, buildTransactionResponseSchema, await service.convert.buildTransaction(body))
  })

  app.post('/v1/fungible/price', async c => {
    requireProject(c, context)
    const body = await parseBody(c, fungiblePriceBodySchema)
    checkBodyProject(context, body.projectId)
    const fungibles = await service.convert.fungiblePrices(body.addresses, { tokenIcon: tokenIcon(c) })
    return respond(c, fungiblePriceResponseSchema, { fungibles })
  })

  return app
}
