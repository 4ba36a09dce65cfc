// A small static server for the built kit and its examples (`npm start` builds first, then runs it).
//
//   /                       the demo app (apps/demo/dist, built by `npm run build:demo`), else the list below
//   /examples/              a list of the examples
//   /dist/...               the build (dist/appkit-elements.js, its chunks, the library)
//   /examples/script-tag/   the script-tag page
//   /examples/csp/          the same page with `Content-Security-Policy: default-src 'self'`
//   /examples/classic/      the same page with the single-file classic build
//   /examples/react/        the React example, built to apps/examples/react/dist/ (npm run build:examples)
//   /examples/provider/     the wallet provider (getWalletProvider) on a plain HTML page
//   /examples/wagmi/        the wagmi example, built to apps/examples/wagmi/dist/ (its vite.config.ts)
//
// Listens on 127.0.0.1, port PORT or 5173 (PORT=0 picks a free one); prints its URLs. When the
// port is taken it says so and exits 1. Also importable: `startServer({ port })` for tests.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const HOST = '127.0.0.1'
export const STRICT_CSP = "default-src 'self'"
/**
 * The demo talks to the local stack on other 127.0.0.1 ports; wallet icons are data: URIs, token
 * icons come from the backend; the embedded wallet's frame is the backend's frame port.
 */
export const DEMO_CSP =
  "default-src 'self'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; img-src 'self' data: http://127.0.0.1:*; frame-src http://127.0.0.1:*"

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

/** URL path prefix -> directory it is served from; the first match wins. */
const MOUNTS = [
  ['/dist/', join(ROOT, 'dist')],
  ['/examples/react/', join(ROOT, 'apps/examples/react/dist')],
  ['/examples/wagmi/', join(ROOT, 'apps/examples/wagmi/dist')],
  ['/examples/', join(ROOT, 'apps/examples')],
  ['/', join(ROOT, 'apps/demo/dist')]
]

/** Source files of the examples that are not part of a page (the React example is served built). */
const HIDDEN = /\.(tsx?|mts)$|(^|\/)vite\.config\./

const EXAMPLES = [
  ['script tag', '/examples/script-tag/'],
  ['strict CSP', '/examples/csp/'],
  ['classic', '/examples/classic/'],
  ['React', '/examples/react/'],
  ['wallet provider', '/examples/provider/'],
  ['wagmi', '/examples/wagmi/']
]

function indexPage() {
  const items = EXAMPLES.map(
    ([name, path]) => `      <li><a href="${path}">${name}</a> <code>${path}</code></li>`
  ).join('\n')
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>appkit-elements examples</title>
    <link rel="stylesheet" href="/examples/page.css" />
  </head>
  <body>
    <main>
      <h1>appkit-elements examples</h1>
      <ul>
${items}
      </ul>
    </main>
  </body>
</html>
`
}

/** The file a URL path names, or undefined when it is outside every mount. */
function resolveFile(pathname) {
  for (const [prefix, dir] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue
    const rest = pathname.slice(prefix.length)
    if (HIDDEN.test(rest)) return undefined
    const file = normalize(join(dir, rest))
    if (file !== dir && !file.startsWith(dir + sep)) return undefined
    return file
  }
  return undefined
}

function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
  response.end(body)
}

function handle(request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' })
    return
  }
  let pathname
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', `http://${HOST}`).pathname)
  } catch {
    send(response, 400, 'Bad request\n')
    return
  }
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
  if (pathname.startsWith('/examples/csp/')) headers['Content-Security-Policy'] = STRICT_CSP
  else if (!pathname.startsWith('/examples/') && !pathname.startsWith('/dist/'))
    headers['Content-Security-Policy'] = DEMO_CSP

  const demoBuilt = existsSync(join(ROOT, 'apps/demo/dist/index.html'))
  if (pathname === '/examples/' || pathname === '/examples/index.html' || (!demoBuilt && pathname === '/')) {
    send(response, 200, request.method === 'HEAD' ? undefined : indexPage(), {
      ...headers,
      'Content-Type': MIME_TYPES['.html']
    })
    return
  }
  if (pathname === '/favicon.ico') {
    send(response, 204, undefined, headers)
    return
  }

  let file = resolveFile(pathname)
  let stats = file && existsSync(file) ? statSync(file) : undefined
  if (stats?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      send(response, 301, undefined, { ...headers, Location: `${pathname}/` })
      return
    }
    file = join(file, 'index.html')
    stats = existsSync(file) ? statSync(file) : undefined
  }
  if (!file || !stats?.isFile()) {
    const hint = pathname.startsWith('/dist/')
      ? ' (run `npm run build`)'
      : pathname.startsWith('/examples/react/')
        ? ' (run `npm run build:examples`)'
        : ''
    send(response, 404, `Not found: ${pathname}${hint}\n`, headers)
    return
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': stats.size
  })
  if (request.method === 'HEAD') response.end()
  else createReadStream(file).pipe(response)
}

/** Starts the server; resolves to { server, url, close } once it listens. Rejects with the listen error. */
export function startServer({ port = 5173, host = HOST } = {}) {
  const server = createServer(handle)
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const address = server.address()
      const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
      resolvePromise({ server, url, close: () => new Promise(done => server.close(() => done())) })
    })
  })
}

async function main() {
  const rawPort = process.env.PORT ?? '5173'
  const port = Number(rawPort)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (0-65535), not "${rawPort}".`)
    process.exit(1)
  }
  let url
  try {
    ;({ url } = await startServer({ port }))
  } catch (error) {
    if (error?.code === 'EADDRINUSE') {
      console.error(
        `Port ${port} on ${HOST} is already in use. Stop what runs there, or pick another port: PORT=5180 npm start`
      )
    } else {
      console.error(`Could not listen on ${HOST}:${port}: ${error?.message ?? error}`)
    }
    process.exit(1)
  }
  if (!existsSync(join(ROOT, 'dist/appkit-elements.js'))) console.warn('dist/ has no build yet: run `npm run build`.')
  if (!existsSync(join(ROOT, 'apps/examples/react/dist/index.html'))) {
    console.warn('The React example is not built yet: run `npm run build:examples`.')
  }
  console.log(`appkit-elements examples on ${url}/`)
  for (const [name, path] of EXAMPLES) console.log(`  ${`${name}:`.padEnd(17)} ${url}${path}`)
  console.log(`  ${'build:'.padEnd(17)} ${url}/dist/appkit-elements.js`)
  console.log('Ctrl+C stops it.')
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
