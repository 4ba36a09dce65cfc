// A real maildev (SMTP + its web API) in this process on free ports of 127.0.0.1, for the embedded
// wallet's tests: the backend mails its one-time codes to `smtpUrl`, and the tests read them back
// over maildev's REST API (GET /api/email, maildev 3's path for v2's GET /email).
import { MailDev } from 'maildev'

export interface InboxMessage {
  id: string
  subject: string
  text: string
  to: string[]
  from: string[]
}

export interface MailInbox {
  /** smtp://127.0.0.1:{port}: what the backend sends to. */
  smtpUrl: string
  smtpPort: number
  /** http://127.0.0.1:{port}: maildev's web UI and API. */
  webUrl: string
  /** Every message received, in arrival order. */
  messages(): Promise<InboxMessage[]>
  /** The messages sent to `address` (compared trimmed and lower-cased). */
  messagesTo(address: string): Promise<InboxMessage[]>
  /**
   * The 6-digit code of the newest message to `address` that no earlier call returned, waiting (up
   * to `timeoutMs`, default 10 s) until one arrives.
   */
  waitForCode(address: string, timeoutMs?: number): Promise<string>
  stop(): Promise<void>
}

interface MaildevEmail {
  id: string
  subject?: string
  text?: string
  to?: { address: string }[]
  from?: { address: string }[]
}

const CODE_PATTERN = /\b(\d{6})\b/

/** What reads the inbox: everything of MailInbox but `stop`. */
export type MailInboxReader = Omit<MailInbox, 'stop'>

/**
 * A reader of the maildev inbox at `webUrl` (its web API), which the backend mails at `smtpUrl`:
 * for an inbox in this process (startMailInbox) or in another one (the end-to-end run's stack).
 * Each reader hands out each message once: `waitForCode(address)` answers the newest code this
 * reader has not answered yet for `address`.
 */
export function mailInboxAt({ webUrl, smtpUrl }: { webUrl: string; smtpUrl: string }): MailInboxReader {
  const seen = new Set<string>()

  const messages = async (): Promise<InboxMessage[]> => {
    const response = await fetch(`${webUrl}/api/email`)
    if (!response.ok) throw new Error(`maildev answered ${response.status} to GET /api/email`)
    const emails = (await response.json()) as MaildevEmail[]
    return emails.map(email => ({
      id: email.id,
      subject: email.subject ?? '',
      text: email.text ?? '',
      to: (email.to ?? []).map(item => item.address.toLowerCase()),
      from: (email.from ?? []).map(item => item.address.toLowerCase())
    }))
  }
  const messagesTo = async (address: string) =>
    (await messages()).filter(message => message.to.includes(address.trim().toLowerCase()))

  return {
    smtpUrl,
    smtpPort: Number(new URL(smtpUrl).port),
    webUrl,
    messages,
    messagesTo,
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

export async function startMailInbox(): Promise<MailInbox> {
  const maildev = new MailDev({ smtp: 0, web: 0, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true })
  const servers = await maildev.start()
  const smtpPort = servers.smtp.getPort()
  const webPort = servers.api?.getPort()
  if (!webPort) throw new Error('maildev started without its web API')
  const reader = mailInboxAt({ webUrl: `http://127.0.0.1:${webPort}`, smtpUrl: `smtp://127.0.0.1:${smtpPort}` })
  return { ...reader, stop: () => maildev.stop() }
}
