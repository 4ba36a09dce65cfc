// Signs in at the local OpenID provider (local/social/local-idp.ts) the way a visitor's browser would,
// over HTTP: its login form (any name and password), its consent form, following its redirects
// with its cookies, until it sends the browser back to the client's redirect URI. Answers that
// last URL (with the code and state, or the error).
const FORM_ACTION = /<form[^>]*action="([^"]+)"/

export async function signInAtLocalIdp(
  authorizationUrl: string,
  login: string,
  options: { readonly redirectUri: string; readonly abort?: boolean } = { redirectUri: '' }
): Promise<URL> {
  const cookies = new Map<string, string>()
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  let url = new URL(authorizationUrl)
  let body: URLSearchParams | undefined
  for (let step = 0; step < 12; step++) {
    if (url.href.startsWith(options.redirectUri)) return url
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { Cookie: cookieHeader(), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {})
    })
    remember(response)
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      continue
    }
    const page = await response.text()
    const action = FORM_ACTION.exec(page)?.[1]
    if (!action)
      throw new Error(`the provider answered ${response.status} without a form or a redirect: ${page.slice(0, 300)}`)
    if (page.includes('name="login"')) {
      if (options.abort) {
        const abort = /href="([^"]*\/abort)"/.exec(page)?.[1]
        if (!abort) throw new Error('the login page has no abort link')
        url = new URL(abort.replaceAll('&amp;', '&'), url)
        continue
      }
      body = new URLSearchParams({ prompt: 'login', login, password: 'any' })
    } else {
      body = new URLSearchParams({ prompt: 'consent' })
    }
    url = new URL(action.replaceAll('&amp;', '&'), url)
  }
  throw new Error('the provider never sent the browser back')
}
