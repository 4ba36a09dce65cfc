// The demo as the end-to-end tests build and serve it: Vite builds apps/demo/ from the repository's
// source into a temporary directory (no `npm run build` needed), and a small node:http server on
// 127.0.0.1 serves it under the demo's Content-Security-Policy (no inline script or style).
import { spawnSync } from 'node:child_process'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { ROOT } from './helpers.mjs'
import { DEMO_CSP } from '../../local/stack/serve.mjs'

/** What `npm start` serves the demo with (see apps/demo/README.md): one policy, from local/stack/serve.mjs. */
export { DEMO_CSP } from '../../local/stack/serve.mjs'

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml'
}

/** Builds the demo into `outDir` with the VITE_APPKIT_* settings in `env`; returns the time it took (ms). */
export function buildDemo(outDir, env = {}) {
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'apps/demo/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn'
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } }
  )
  if (result.status !== 0 || !existsSync(join(outDir, 'index.html'))) {
    throw new Error(`Building the demo failed (npm run build:demo):\n${result.stdout}${result.stderr}`)
  }
  return performance.now() - started
}

/** Serves `dir` on a free port of 127.0.0.1 under DEMO_CSP; resolves with its URL and a close(). */
export function serveDemo(dir) {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const file = normalize(join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname))
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n')
      return
    }
    response.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': DEMO_CSP,
      'Cache-Control': 'no-store'
    })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise(done => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    )
  })
}
