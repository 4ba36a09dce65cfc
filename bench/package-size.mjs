// What `npm pack` would publish (Issue 30, point 7; docs/guides/package.md): the tarball's bytes,
// its unpacked bytes and its file count, from `npm pack --dry-run --json` over the built dist/, and
// the files by kind: the library bundlers import (the module tree under dist/, one file per source
// module), the script-tag files (dist/appkit-elements*.js and the chunks/ they load), the type
// declarations (dist/types/) and the rest (manifest, README, LICENSE, package.json).
// Used by bench/size.mjs, which checks the figures against `package` in bench/size-budget.json.
import { execFileSync } from 'node:child_process'
import { ROOT } from './bundle-graph.mjs'

/** The kind of one packed file, by its path in the package. */
export function packedKind(path) {
  if (/\.map$/.test(path)) return 'source maps'
  if (path.startsWith('dist/types/')) return 'types'
  if (/^dist\/(appkit-elements[^/]*\.js|chunks\/|classic\/)/.test(path)) return 'script tag'
  if (path.startsWith('dist/')) return 'library'
  return 'other'
}

/**
 * Files the package must not carry: source maps (the package ships none), the build's own
 * records (dist/.vite/), and anything under dist/ that is neither JavaScript nor a declaration.
 */
export function unwantedPackedFiles(paths) {
  return paths.filter(
    path =>
      path.endsWith('.map') ||
      path.startsWith('dist/.vite/') ||
      (path.startsWith('dist/') && !/\.(js|d\.ts)$/.test(path))
  )
}

/** `npm pack --dry-run --json` of the repository as it is built now. */
export function measurePackage() {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const [pack] = JSON.parse(output)
  if (!pack || !Array.isArray(pack.files)) throw new Error('npm pack --dry-run --json printed no file list')
  const kinds = {}
  for (const file of pack.files) {
    const kind = packedKind(file.path)
    kinds[kind] ??= { files: 0, bytes: 0 }
    kinds[kind].files += 1
    kinds[kind].bytes += file.size
  }
  return {
    packedBytes: pack.size,
    unpackedBytes: pack.unpackedSize,
    entries: pack.entryCount,
    kinds,
    unwanted: unwantedPackedFiles(pack.files.map(file => file.path))
  }
}
