/**
 * The local stand-in for the Farcaster app, served by the local relay at its sign-in URL
 * (/~/siwf?channelToken=…): the page the QR code and 'Open Farcaster' lead to. It asks whether to
 * sign in to the app's domain as the local fid (fid 1, whose custody key is test account #3 on the
 * local chains) and, on Approve, does what the Farcaster app does: builds the message, signs it
 * with the custody key and hands it to the relay (local/farcaster/approve.ts). Plain HTML forms, no
 * script, no outside resource.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Hex } from 'viem'
import { SEED, TEST_ACCOUNTS } from '../chain/deployment.js'
import { approveFarcasterSignIn } from './approve.js'

/** The fid the local app signs in as, and its custody key (a public test key). */
export const LOCAL_FID = { fid: SEED.farcasterIds[0].fid, privateKey: TEST_ACCOUNTS[3].privateKey as Hex }
export const LOCAL_USERNAME = 'alice'
export const SIGN_IN_PATH = '/~/siwf'

/** The sign-in URL's fields the form carries back to the POST. */
const FIELDS = ['channelToken', 'nonce', 'siweUri', 'domain', 'notBefore', 'expirationTime', 'requestId'] as const

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, char => ESCAPES[char] ?? char)

function send(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'"
  })
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head>
<body><main>${body}</main></body></html>`)
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** Answers the sign-in page (GET) and its approval (POST); false for any other path. */
export async function handleLocalApp(
  request: IncomingMessage,
  response: ServerResponse,
  relayUrl: string
): Promise<boolean> {
  const url = new URL(request.url ?? '/', relayUrl)
  if (url.pathname !== SIGN_IN_PATH) return false
  if (request.method === 'GET') {
    const domain = url.searchParams.get('domain') ?? ''
    if (!url.searchParams.get('channelToken') || !domain) {
      send(response, 400, 'Farcaster (local)', '<p>This sign-in link is incomplete.</p>')
      return true
    }
    const hidden = FIELDS.map(name => [name, url.searchParams.get(name)] as const)
      .filter(([, value]) => value)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value!)}">`)
      .join('')
    send(
      response,
      200,
      'Farcaster (local): sign in',
      `<h1>Sign in to ${escape(domain)}</h1>
<p>The local Farcaster app signs in as fid ${LOCAL_FID.fid} (custody: test account #3).</p>
<form method="post" action="${SIGN_IN_PATH}">${hidden}
<label>User name <input name="username" value="${LOCAL_USERNAME}" maxlength="32"></label>
<button type="submit" data-testid="farcaster-approve">Approve</button></form>`
    )
    return true
  }
  if (request.method === 'POST') {
    const form = await readForm(request)
    const link = new URL(`${relayUrl}${SIGN_IN_PATH}`)
    for (const name of FIELDS) {
      const value = form.get(name)
      if (value) link.searchParams.set(name, value)
    }
    const username = (form.get('username') ?? '').trim().slice(0, 32) || LOCAL_USERNAME
    let status: number
    try {
      status = await approveFarcasterSignIn({ relayUrl, uri: link.href, ...LOCAL_FID, username })
    } catch (error) {
      status = 0
      console.warn('[farcaster] the local app could not approve:', error)
    }
    if (status === 201) {
      send(
        response,
        200,
        'Farcaster (local): signed in',
        `<p data-testid="farcaster-approved">Approved as ${escape(username)}. Go back to ${escape(form.get('domain') ?? 'the app')}.</p>`
      )
    } else {
      send(response, 409, 'Farcaster (local)', '<p>This sign-in is over or expired: start a new one in the app.</p>')
    }
    return true
  }
  return false
}
