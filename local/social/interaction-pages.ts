/**
 * The local OpenID provider's own sign-in and consent pages (instead of oidc-provider's
 * development pages, which load web fonts from the internet): plain HTML forms, no script, no
 * outside resource. Any login name and password sign in as that name. Routes, under /<provider>:
 *   GET  /interaction/<uid>          the sign-in form, or the consent form
 *   POST /interaction/<uid>/login    signs in as `login`
 *   POST /interaction/<uid>/confirm  grants what the client asked
 *   GET  /interaction/<uid>/abort    the visitor refuses: access_denied back to the client
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, char => ESCAPES[char] ?? char)

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head>
<body><main>${body}</main></body></html>`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No form-action: after the forms, the provider sends the browser on to the client (another origin).
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'"
  })
  res.end(html)
}

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/

/**
 * Answers the interaction routes of `provider` (named `name`, mounted at `/${name}`); false when
 * `path` is not one of them (oidc-provider answers it).
 */
export async function handleInteraction(
  instance: Provider,
  name: string,
  path: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<boolean> {
  const match = INTERACTION.exec(path)
  if (!match) return false
  const [, uid = '', step] = match
  const base = `/${name}/interaction/${uid}`
  try {
    const details = await instance.interactionDetails(req, res)
    if (!step && req.method === 'GET') {
      const abort = `<p><a href="${escape(`${base}/abort`)}">Cancel</a></p>`
      if (details.prompt.name === 'login') {
        send(
          res,
          200,
          page(
            `Sign in to ${name}`,
            `<h1>Sign in to ${escape(name)} (local)</h1>
<form method="post" action="${escape(`${base}/login`)}">
<label>Name <input required name="login" autocomplete="username"></label>
<label>Password <input required type="password" name="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>${abort}`
          )
        )
      } else {
        send(
          res,
          200,
          page(
            `Authorize`,
            `<h1>${escape(name)} (local): share your name and e-mail with the app?</h1>
<form method="post" action="${escape(`${base}/confirm`)}"><button type="submit">Continue</button></form>${abort}`
          )
        )
      }
      return true
    }
    if (step === 'login' && req.method === 'POST') {
      const login = (await readForm(req)).get('login')?.trim()
      if (!login) {
        send(res, 400, page('Sign in', '<p>A name is needed.</p>'))
        return true
      }
      await instance.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false })
      return true
    }
    if (step === 'confirm' && req.method === 'POST') {
      const { grantId, session, params } = details
      const missing = details.prompt.details as {
        missingOIDCScope?: string[]
        missingOIDCClaims?: string[]
        missingResourceScopes?: Record<string, string[]>
      }
      const grant = grantId
        ? await instance.Grant.find(grantId)
        : new instance.Grant({ accountId: session?.accountId, clientId: String(params.client_id) })
      if (!grant) throw new Error('the grant is gone')
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '))
      }
      await instance.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true }
      )
      return true
    }
    if (step === 'abort' && req.method === 'GET') {
      await instance.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The visitor refused' },
        { mergeWithLastSubmission: false }
      )
      return true
    }
    send(res, 405, page('Not allowed', '<p>Not allowed.</p>'))
  } catch (error) {
    send(res, 400, page('Sign-in expired', `<p>${escape(error instanceof Error ? error.message : String(error))}</p>`))
  }
  return true
}
