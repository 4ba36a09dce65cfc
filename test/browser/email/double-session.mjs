// Where the embedded-wallet double (fixture/wallet-frame.ts) keeps its login between frames
// (web-test-runner middleware): the test browser blocks a cross-site frame's storage, as a browser
// that blocks third-party storage does, so the double keeps it here, as the real frame's backend
// keeps its sessions. GET/PUT/DELETE /wallet-double/session?key=<project id>; PUT's body is the e-mail.
const sessions = new Map()

export async function doubleSession(ctx, next) {
  if (ctx.path !== '/wallet-double/session') return next()
  const key = String(ctx.query.key ?? '')
  if (ctx.method === 'PUT') {
    const chunks = []
    for await (const chunk of ctx.req) chunks.push(chunk)
    sessions.set(key, Buffer.concat(chunks).toString('utf8'))
  } else if (ctx.method === 'DELETE') sessions.delete(key)
  ctx.status = 200
  ctx.type = 'text/plain'
  ctx.body = sessions.get(key) ?? ''
}
