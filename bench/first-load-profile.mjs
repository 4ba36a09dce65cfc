// The kit's own main-thread work before the click (issue 35, point 4): a CPU profile (CDP Profiler,
// 100 µs sampling) from before navigation to just before the click, each sample's self time given
// to the function it was in, and each function placed by the page's source maps (the benchmark's
// builds write hidden maps) as the kit's own code (src/ of this repository, the library build, or
// node_modules/appkit-elements/), the libraries the kit bundles in (lit, @lit/*, nanostores, zod),
// or anything else (React, the app, the browser's own work on the page's behalf).
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'

export async function startProfile(cdp) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
}

export async function stopProfile(cdp) {
  const { profile } = await cdp.send('Profiler.stop')
  return profile
}

/** A source path as the report shows it: from node_modules/ or src/ on. */
function shortSource(source) {
  const at = source.lastIndexOf('/node_modules/')
  if (at >= 0) return source.slice(at + '/node_modules/'.length)
  const src = source.search(/\/(src|lib|react)\//)
  return src >= 0 ? source.slice(src + 1) : source
}

const KIT_LIBRARIES = /[\\/]node_modules[\\/](lit|lit-html|lit-element|@lit|nanostores|zod)[\\/]/

/** 'kit', 'kit libraries' or 'other' for an original source path. */
function kindOf(source, libDir) {
  if (KIT_LIBRARIES.test(source)) return 'kitLibraries'
  if (/[\\/]node_modules[\\/]appkit-elements[\\/]/.test(source)) return 'kit'
  if (libDir && source.startsWith(libDir)) return 'kit'
  if (/^\/?(src|react)\//.test(source.replace(/^(\.\.\/)+/, '')) || source.includes('/src/')) {
    return source.includes('node_modules') ? 'other' : 'kit'
  }
  return 'other'
}

/**
 * Self time in ms of the kit's own code, of its bundled libraries and in all, before the click, and
 * `bySource`: the kit's and its libraries' self time by original source file.
 * `site` is the served folder, `origin` the server's URL, `libDir` the library build the React page
 * was built from (its files count as the kit's).
 */
export function kitSelfTime(profile, { site, origin, libDir }) {
  const maps = new Map()
  const mapFor = url => {
    if (!url.startsWith(origin)) return null
    if (maps.has(url)) return maps.get(url)
    const file = join(site, decodeURIComponent(new URL(url).pathname))
    const mapFile = `${file}.map`
    let map = null
    if (existsSync(mapFile)) {
      const raw = JSON.parse(readFileSync(mapFile, 'utf8'))
      map = { trace: new TraceMap(raw), base: dirname(mapFile) }
    }
    maps.set(url, map)
    return map
  }
  const kinds = new Map()
  const sources = new Map()
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame
    let kind = 'other'
    if (url) {
      const map = mapFor(url)
      if (map) {
        const position = originalPositionFor(map.trace, { line: lineNumber + 1, column: Math.max(0, columnNumber) })
        if (position.source) {
          const source = resolve(map.base, position.source)
          kind = kindOf(source, libDir)
          sources.set(node.id, shortSource(source))
        }
      } else if (url.startsWith(origin) && /\/dist\/(appkit-elements\.js|chunks\/)/.test(url)) {
        kind = 'kit'
      }
    } else if (['(program)', '(idle)', '(garbage collector)', '(root)'].includes(functionName)) {
      kind = functionName
    }
    kinds.set(node.id, kind)
  }
  const totals = { kit: 0, kitLibraries: 0, other: 0, script: 0, bySource: {} }
  const { samples = [], timeDeltas = [] } = profile
  for (let index = 0; index < samples.length; index += 1) {
    // A sample's time is the delta to the next one (the last has none).
    const ms = (timeDeltas[index + 1] ?? 0) / 1000
    const kind = kinds.get(samples[index])
    if (kind === 'kit' || kind === 'kitLibraries' || kind === 'other') {
      totals[kind] += ms
      totals.script += ms
      const source = sources.get(samples[index])
      if (source && kind !== 'other') totals.bySource[source] = (totals.bySource[source] ?? 0) + ms
    }
  }
  return totals
}
