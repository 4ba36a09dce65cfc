import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

/**
 * A second copy of zod's modules for the lazy code of a script-tag build (issue 35). zod's files are
 * modules (core/schemas.js holds every schema type), so one copy shared by the first load and the
 * lazy flows would carry into the first load every schema type any flow uses. The modules of src/
 * that `realZodFor` names import the real zod; every other module of src/ gets the copy, whose ids
 * are `prefix` + the real path (and whose own imports stay in the copy), except zod's modules that
 * `shared` matches, which stay the real ones. Schemas of the two copies mix (zod reads `_zod`, not
 * classes) and zod's global configuration is one (globalThis.__zod_globalConfig).
 * Used by vite.script-tag.config.ts (the module build) and vite.classic.config.ts (the classic file).
 */
export function lazyZodCopy(options: {
  readonly name: string
  readonly prefix: string
  readonly root: string
  readonly realZodFor: (importer: string) => boolean
  readonly shared?: RegExp
}): Plugin {
  const { name, prefix, root, realZodFor, shared } = options
  const isZod = (path: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(path)
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer) return null
      const fromLazy = importer.startsWith(prefix)
      if (!fromLazy && !(source === 'zod' || source.startsWith('zod/'))) return null
      if (!fromLazy && (!importer.startsWith(root) || realZodFor(importer))) return null
      const realImporter = fromLazy ? importer.slice(prefix.length) : importer
      const resolved = await this.resolve(source, realImporter, { ...resolveOptions, skipSelf: true })
      if (!resolved || !isZod(resolved.id) || shared?.test(resolved.id)) return resolved
      return { id: `${prefix}${resolved.id}`, moduleSideEffects: resolved.moduleSideEffects }
    },
    load(id) {
      return id.startsWith(prefix) ? readFileSync(id.slice(prefix.length), 'utf8') : null
    }
  }
}
