import type { SocialProvider } from '../../config/constants.js'
import { storedConnectedSocial, storedEmail, storedSocialUsername } from '../../storage/keys.js'

/**
 * What the Account view shows for a login without e-mail (docs/behaviour.md section 3: the connected social
 * and username are stored), written before the kit connects so that the view has it at once.
 */
export function rememberSocialAccount(provider: SocialProvider | undefined, userName: string | undefined): void {
  storedEmail.remove()
  if (provider) storedConnectedSocial.set(provider)
  else storedConnectedSocial.remove()
  if (userName) storedSocialUsername.set(userName)
  else storedSocialUsername.remove()
}
