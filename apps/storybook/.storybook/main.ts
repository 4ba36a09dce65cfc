import type { StorybookConfig } from '@storybook/web-components-vite'

/**
 * Storybook for designers: every element and every view state, seeded from test/fixtures.
 * `npm run storybook` serves it on 127.0.0.1:6006; `npm run build-storybook` builds it offline.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.stories.ts'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig, { configType }) => ({
    ...viteConfig,
    // A build reports warnings only; Storybook's own preview runtime is one large chunk by design.
    logLevel: configType === 'PRODUCTION' ? 'warn' : viteConfig.logLevel,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
    define: {
      ...viteConfig.define,
      // nanostores reads process.env.NODE_ENV, which a browser lacks.
      'process.env.NODE_ENV': JSON.stringify(configType === 'PRODUCTION' ? 'production' : 'development')
    },
    // The elements use TypeScript's legacy decorators (experimentalDecorators, useDefineForClassFields
    // false). Vite 8's Oxc also reads them from tsconfig.json; stating them here keeps a story file
    // outside the tsconfig's reach lowered the same way (Chromium cannot parse decorators).
    oxc: {
      ...viteConfig.oxc,
      decorator: { legacy: true },
      typescript: { removeClassFieldsWithoutInitializer: true },
      assumptions: { setPublicClassFields: true }
    }
  })
}

export default config
