import { dirname, relative, resolve, sep } from 'node:path'

/**
 * ESLint rule `layers/imports`: who may import whom, by folder. Each layer names its folders (or
 * single files) and either `may` (the only other layers it may import from) or `mayNot` (the layers
 * it must not import from). A file belongs to the layer with the longest matching path; a target
 * outside every layer (a package, a test helper) is not checked. Imports within one layer are
 * always allowed. Checked: `import`, `export ... from`, and `import('...')` with a literal path,
 * resolved from the importing file (relative paths only: the project uses no aliases).
 * `allowTypeImports`: an `import type` (or `export type ... from`) carries no code into the
 * bundle, so it may cross layers; the rule is about what runs.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers (elements -> stores -> clients -> base); nothing imports up.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: { type: 'object' },
          allowTypeImports: { type: 'boolean' }
        },
        required: ['layers'],
        additionalProperties: false
      }
    ],
    messages: {
      up: '{{file}} (layer "{{from}}") may not import {{target}} (layer "{{to}}"): {{why}}. See the layers in eslint.config.js.'
    }
  },
  create(context) {
    const { layers, allowTypeImports = false } = context.options[0]
    const entries = Object.entries(layers).flatMap(([name, layer]) => layer.paths.map(path => ({ name, path })))
    entries.sort((a, b) => b.path.length - a.path.length)
    const cwd = context.cwd
    const posix = path => relative(cwd, path).split(sep).join('/')
    const layerOf = file =>
      entries.find(({ path }) => (path.endsWith('/') ? file.startsWith(path) : file === path))?.name
    const file = posix(context.filename)
    const from = layerOf(file)
    if (!from) return {}
    const { may, mayNot } = layers[from]

    function check(node, source, typeOnly) {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      if (typeOnly && allowTypeImports) return
      // './x.js' names the TypeScript file x.ts (the project's imports say .js).
      const target = posix(resolve(dirname(context.filename), source)).replace(/\.js$/, '.ts')
      const to = layerOf(target)
      if (!to || to === from) return
      const why = may
        ? `"${from}" imports only from ${may.map(name => `"${name}"`).join(', ') || 'itself'}`
        : mayNot.includes(to)
          ? `"${from}" never imports from "${to}"`
          : undefined
      if (!why || may?.includes(to)) return
      context.report({ node, messageId: 'up', data: { file, from, target, to, why } })
    }
    // Only `import type` / `export type` as a whole: under verbatimModuleSyntax an import whose
    // names are all inline `type` still stays as `import {} from '...'`, which loads the module.
    const allTypes = node => node.importKind === 'type' || node.exportKind === 'type'
    return {
      ImportDeclaration: node => check(node, node.source.value, allTypes(node)),
      ExportNamedDeclaration: node => node.source && check(node, node.source.value, allTypes(node)),
      ExportAllDeclaration: node => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: node => node.source.type === 'Literal' && check(node, node.source.value, false)
    }
  }
}

export default { rules: { imports: rule } }
