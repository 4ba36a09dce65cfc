// @custom-elements-manifest/analyzer: `npm run manifest` writes custom-elements.json from src/elements.
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: [
    'src/elements/shared/**',
    'src/elements/**/*.styles.ts',
    'src/elements/**/button-styles.ts',
    'src/elements/views/registry.ts',
    'src/elements/views/placeholder-view.ts'
  ],
  outdir: '.',
  litelement: true,
  // package.json's customElements field is set by hand; the analyzer must not rewrite it.
  packagejson: false
}
