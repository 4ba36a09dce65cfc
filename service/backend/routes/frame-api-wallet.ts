// The embedded wallet's e-mail, social and Farcaster login, session, key and e-mail update routes (service/frame/README.md), on
// the frame's origin behind frame-api.ts's Origin check. Bodies are parsed with zod; the flows
// are service/backend/embedded/wallet.ts. Without a master key every route here answers 503.
import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import type { ServerContext } from '../context.js'
import type { EmbeddedWallet } from '../embedded/wallet.js'
import { walletKeySchema } from '../embedded/keys.js'
import { ApiError, badRequest, notFound, parseBody } from '../http.js'
import { HOST_ORIGIN_HEADER, isOrigin } from '../../../src/frame/host-origin.js'

export const NOT_CONFIGURED = 'The embedded wallet is not configured (APPKIT_MASTER_KEY)'

const email = z.string().check(z.maxLength(320))
const deviceId = z.string().check(z.minLength(8), z.maxLength(256))
const code = z.string().check(z.maxLength(32))

const startSchema = z.object({ projectId: z.string().check(z.minLength(1), z.maxLength(200)), email, deviceId })
const stepSchema = z.object({ email, deviceId, code })
const keysSchema = z.object({ keys: z.array(walletKeySchema).check(z.minLength(1), z.maxLength(8)) })
const updateSchema = z.object({ newEmail: email })
const codeSchema = z.object({ code })
const socialStartSchema = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(200)),
  provider: z.string().check(z.minLength(1), z.maxLength(32)),
  returnUrl: z.string().check(z.minLength(1), z.maxLength(2048)),
  deviceId
})
const socialFinishSchema = z.object({ result: z.string().check(z.minLength(1), z.maxLength(128)), deviceId })
const farcasterStartSchema = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(200)),
  pageOrigin: z.string().check(z.minLength(1), z.maxLength(2048)),
  deviceId
})
const farcasterFinishSchema = z.object({ attempt: z.string().check(z.minLength(1), z.maxLength(128)), deviceId })

/** A request without the host page's origin, or with something else in its place. */
export const NO_HOST_ORIGIN = `The ${HOST_ORIGIN_HEADER} header must name the host page's origin`

/**
 * The client's IP: the socket's peer as @hono/node-server hands it over (no proxy header is
 * trusted); undefined for an in-process call. The per-IP guess limit's key (embedded/guess-limits.ts).
 */
export function clientIp(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress || undefined
}

/** The host page a call is made for: every session is bound to one (issue 29). */
export function hostOriginOf(c: Context): string {
  const value = c.req.header(HOST_ORIGIN_HEADER)
  if (!value || value.length > 2048 || !isOrigin(value)) throw badRequest(NO_HOST_ORIGIN)
  return value
}

export function frameWalletRoutes(context: ServerContext, wallet: EmbeddedWallet | undefined): Hono {
  const app = new Hono()

  const paths = [
    '/frame-api/email/*',
    '/frame-api/keys',
    '/frame-api/session',
    '/frame-api/session/status',
    '/frame-api/sign-out',
    '/frame-api/social/*',
    '/frame-api/farcaster/*'
  ]
  for (const path of paths) {
    app.use(path, async (_c, next) => {
      if (!wallet) throw new ApiError(503, NOT_CONFIGURED, 'not_configured')
      await next()
    })
  }
  // Only reached with a wallet (the middleware above answered otherwise).
  const w = () => wallet!

  app.post('/frame-api/email/start', async c => {
    const body = await parseBody(c, startSchema)
    if (!context.config.projects.some(project => project.id === body.projectId)) throw notFound('Unknown project')
    return c.json({ action: await w().start(body.email, body.deviceId) })
  })

  app.post('/frame-api/email/device', async c => {
    const body = await parseBody(c, stepSchema)
    return c.json({ action: await w().verifyDevice({ ...body, ip: clientIp(c) }) })
  })

  app.post('/frame-api/email/otp', async c => {
    const body = await parseBody(c, stepSchema)
    return c.json(await w().verifyLogin({ ...body, ip: clientIp(c) }, hostOriginOf(c)))
  })

  app.post('/frame-api/keys', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    const { keys } = await parseBody(c, keysSchema)
    return c.json({ keys: await w().storeKeys(account, keys) })
  })

  app.get('/frame-api/session', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    const social = await w().social.identityOf(account.id)
    return c.json({ email: account.email, keys: await w().keys(account), ...(social ? { social } : {}) })
  })

  // Where the providers send the visitor back: the frame's public URL, or this request's origin.
  const callbackUrl = (requestUrl: string) =>
    `${context.config.framePublicUrl?.replace(/\/$/, '') ?? new URL(requestUrl).origin}/frame-api/social/callback`

  app.post('/frame-api/social/start', async c => {
    const body = await parseBody(c, socialStartSchema)
    return c.json({ uri: await w().social.start({ ...body, redirectUri: callbackUrl(c.req.url) }) })
  })

  app.get('/frame-api/social/callback', async c => {
    try {
      const query = { state: c.req.query('state'), code: c.req.query('code'), error: c.req.query('error') }
      return c.redirect(await w().social.callback(query, callbackUrl(c.req.url)), 302)
    } catch (error) {
      // A top-level page in the visitor's browser: plain text, not JSON.
      if (error instanceof ApiError && error.status === 400) return c.text(error.message, 400)
      throw error
    }
  })

  app.post('/frame-api/social/finish', async c => {
    const body = await parseBody(c, socialFinishSchema)
    const { account, sessionToken, social } = await w().social.finish({ ...body, hostOrigin: hostOriginOf(c) })
    return c.json({ sessionToken, email: account.email, keys: await w().keys(account), social })
  })

  app.post('/frame-api/farcaster/start', async c => {
    const body = await parseBody(c, farcasterStartSchema)
    return c.json(await w().farcaster.start(body))
  })

  // Polled by the frame until the visitor approved in their Farcaster client: { state: 'pending' } until then.
  app.post('/frame-api/farcaster/finish', async c => {
    const body = await parseBody(c, farcasterFinishSchema)
    const answer = await w().farcaster.finish({ ...body, hostOrigin: hostOriginOf(c) })
    if (answer.state === 'pending') return c.json({ state: 'pending' })
    const { account, sessionToken, social } = answer
    return c.json({ state: 'completed', sessionToken, email: account.email, keys: await w().keys(account), social })
  })

  // Whether the session still holds, without the keys: the frame asks before each approval.
  app.get('/frame-api/session/status', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    return c.json({ email: account.email })
  })

  app.post('/frame-api/sign-out', async c => {
    await w().signOut(c.req.header('Authorization'))
    return c.json({})
  })

  app.post('/frame-api/email/update', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    const { newEmail } = await parseBody(c, updateSchema)
    return c.json({ action: await w().startUpdate(account, newEmail) })
  })

  app.post('/frame-api/email/update/primary', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    const body = await parseBody(c, codeSchema)
    return c.json({ action: await w().verifyUpdatePrimary(account, body.code, clientIp(c)) })
  })

  app.post('/frame-api/email/update/secondary', async c => {
    const account = await w().account(c.req.header('Authorization'), hostOriginOf(c))
    const body = await parseBody(c, codeSchema)
    return c.json({ email: await w().verifyUpdateSecondary(account, body.code, clientIp(c)) })
  })

  return app
}
