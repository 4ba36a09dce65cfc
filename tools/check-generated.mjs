// Fails when custom-elements.json or the generated React wrappers are stale: it regenerates both
// into a temporary folder and compares them with the committed files.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

// The analyzer joins --outdir onto the working directory, so the folder must be inside the project.
const out = mkdtempSync('.tmp-generated-')
const failures = []
try {
  execFileSync('npx', ['cem', 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', out], {
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const fresh = readFileSync(join(out, 'custom-elements.json'), 'utf8')
  if (JSON.stringify(JSON.parse(fresh)) !== JSON.stringify(JSON.parse(readFileSync('custom-elements.json', 'utf8')))) {
    failures.push('custom-elements.json is stale: run `npm run manifest` and commit it.')
  }
  execFileSync(
    'node',
    ['tools/generate-react.mjs', '--manifest', join(out, 'custom-elements.json'), '--out', join(out, 'components.ts')],
    {
      stdio: ['ignore', 'ignore', 'inherit']
    }
  )
  if (readFileSync(join(out, 'components.ts'), 'utf8') !== readFileSync('react/components.ts', 'utf8')) {
    failures.push('react/components.ts is stale: run `npm run generate:react` and commit it.')
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}
for (const failure of failures) console.error(failure)
console.log(
  failures.length
    ? 'generated files: stale'
    : 'generated files: custom-elements.json and react/components.ts are current'
)
process.exit(failures.length ? 1 : 0)
