import type { SVGTemplateResult } from 'lit'
import type { SocialProvider } from '../../../config/constants.js'
import { appleIcon } from '../../ui/icons/apple.js'
import { discordIcon } from '../../ui/icons/discord.js'
import { facebookIcon } from '../../ui/icons/facebook.js'
import { farcasterIcon } from '../../ui/icons/farcaster.js'
import { githubIcon } from '../../ui/icons/github.js'
import { googleIcon } from '../../ui/icons/google.js'
import { xIcon } from '../../ui/icons/x.js'

/** Each social provider's mark: they load with the Connect view that shows them. */
export const SOCIAL_ICONS: Record<SocialProvider, SVGTemplateResult> = {
  google: googleIcon,
  x: xIcon,
  discord: discordIcon,
  farcaster: farcasterIcon,
  github: githubIcon,
  apple: appleIcon,
  facebook: facebookIcon
}
