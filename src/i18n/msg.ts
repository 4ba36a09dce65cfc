/**
 * msg() and str`` from @lit/localize's own modules. Its index also brings the runtime and transform
 * modes, whose top-level code a bundler keeps: importing from here keeps them out of the first load.
 */
export { msg } from '@lit/localize/init/install.js'
export { str } from '@lit/localize/internal/str-tag.js'
