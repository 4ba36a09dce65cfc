// The local inbox (maildev, started with the stack) as the end-to-end tests read it: over its REST
// API (GET /api/email), so any process can read the codes the backend mailed. Each reader hands
// out each message once: `waitForCode(address)` answers the newest code this reader has not yet
// answered for `address`.

const CODE_PATTERN = /\b(\d{6})\b/

/** A reader of the inbox at `webUrl` (maildev's web port); `smtpUrl` is where the backend sends. */
export function mailInbox({ webUrl, smtpUrl }) {
  const seen = new Set()
  async function messages() {
    const response = await fetch(`${webUrl}/api/email`)
    if (!response.ok) throw new Error(`maildev answered ${response.status} to GET /api/email`)
    return (await response.json()).map(email => ({
      id: email.id,
      subject: email.subject ?? '',
      text: email.text ?? '',
      to: (email.to ?? []).map(item => item.address.toLowerCase())
    }))
  }
  const messagesTo = async address =>
    (await messages()).filter(message => message.to.includes(address.trim().toLowerCase()))
  return {
    webUrl,
    smtpUrl,
    smtpPort: Number(new URL(smtpUrl).port),
    messages,
    messagesTo,
    /** The 6-digit code of the newest message to `address` not answered before, waiting up to `timeoutMs`. */
    async waitForCode(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const fresh = (await messagesTo(address)).filter(message => !seen.has(message.id))
        const newest = fresh.at(-1)
        if (newest) {
          for (const message of fresh) seen.add(message.id)
          const code = CODE_PATTERN.exec(newest.subject)?.[1] ?? CODE_PATTERN.exec(newest.text)?.[1]
          if (!code) throw new Error(`No 6-digit code in the e-mail to ${address}: ${newest.subject}\n${newest.text}`)
          return code
        }
        if (Date.now() > deadline) throw new Error(`No new e-mail to ${address} within ${timeoutMs} ms`)
        await new Promise(resolve => setTimeout(resolve, 25))
      }
    }
  }
}
