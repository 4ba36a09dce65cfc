// @custom-elements-manifest/analyzer: `npm run manifest` writes custom-elements.json from src/elements.
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: [
    'src/elements/shared/**',
    'src/elements/**/*.styles.ts',
    'src/elements/**/button-styles.ts',
    'src/elements/views/registry.ts'
  ],
  outdir: '.',
  litelement: true,
  // package.json's customElements field is set by hand; the analyzer must not rewrite it.
  packagejson: false,
  plugins: [
    {
      // The analyzer lists modules in the order its folder walk finds them, which varies between
      // runs once the views live in flow folders (src/elements/views/<flow>/); sorted by path, the
      // manifest is the same on every run, so that tools/check-generated.mjs can compare it.
      name: 'modules-by-path',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      }
    }
  ]
}
