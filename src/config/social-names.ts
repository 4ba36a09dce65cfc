import type { SocialProvider } from './constants.js'

/** How each social provider is named to the visitor (brand names: the same in every language). */
export const SOCIAL_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook'
}
