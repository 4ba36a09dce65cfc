// A small backend inside the browser tests' dev server (web-test-runner middleware), under
// /fault-backend/: the project calls of docs/behaviour.md section 7 that the kit makes on start, with faults
// chosen by the project id, so the element tests drive the kit's real HTTP clients:
//   projectId 'unknown'      403 "Invalid Project ID: ..." on every call (as the reference backend)
//   projectId 'no-analytics' getAnalyticsConfig answers false
//   projectId 'refused'      POST /e answers 403 'Invalid App Configuration: Origin not found on Allowlist'
//   projectId 'no-origins'   /projects/v1/origins answers 500
//   projectId 'listed:<p>'   /projects/v1/origins answers [<p>]
// Every request is recorded; GET /fault-backend/__requests?projectId= reads them back (bodies of
// POST /e parsed from their text), DELETE /fault-backend/__requests?projectIds=a,b forgets those
// projects' requests.
const PREFIX = '/fault-backend'
const requests = []

function json(ctx, status, body) {
  ctx.status = status
  ctx.type = 'application/json'
  ctx.body = JSON.stringify(body)
}

async function readText(ctx) {
  const chunks = []
  for await (const chunk of ctx.req) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

export async function faultBackend(ctx, next) {
  if (!ctx.path.startsWith(`${PREFIX}/`)) return next()
  const path = ctx.path.slice(PREFIX.length)
  const projectId = ctx.query.projectId ?? ''
  if (path === '/__requests') {
    if (ctx.method === 'DELETE') {
      // Only the named projects' (test files run side by side, each with its own project ids).
      const forgotten = new Set(String(ctx.query.projectIds ?? '').split(','))
      for (let index = requests.length - 1; index >= 0; index--) {
        if (forgotten.has(requests[index].projectId)) requests.splice(index, 1)
      }
      return json(ctx, 200, { ok: true })
    }
    return json(
      ctx,
      200,
      requests.filter(request => request.projectId === projectId)
    )
  }
  const text = ctx.method === 'POST' ? await readText(ctx) : ''
  let body
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  requests.push({
    method: ctx.method,
    path,
    projectId,
    contentType: ctx.get('content-type'),
    body,
    at: Date.now()
  })
  if (projectId === 'unknown') {
    return json(ctx, 403, { message: `Invalid Project ID: '${projectId}' is not a project of this backend` })
  }
  if (path === '/projects/v1/origins') {
    if (projectId === 'no-origins') return json(ctx, 500, { message: 'Internal error' })
    const listed = projectId.startsWith('listed:') ? [projectId.slice('listed:'.length)] : []
    return json(ctx, 200, { allowedOrigins: listed })
  }
  if (path === '/getAnalyticsConfig') return json(ctx, 200, { isAnalyticsEnabled: projectId !== 'no-analytics' })
  if (path === '/appkit/v1/config') return json(ctx, 200, { features: [] })
  if (path === '/e' && ctx.method === 'POST') {
    if (projectId === 'refused') {
      return json(ctx, 403, { message: 'Invalid App Configuration: Origin not found on Allowlist' })
    }
    ctx.status = 202
    return
  }
  return json(ctx, 404, { message: `Not found: ${path}` })
}
