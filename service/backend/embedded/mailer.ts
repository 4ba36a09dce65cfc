// The one-time codes' e-mail: plain text over SMTP (nodemailer) to config.smtpUrl, from
// config.mailFrom. The subject carries the code ('Your AppKit code: 123456') so that it shows in
// an inbox list, and the text says it again with what it is for.
import { createTransport } from 'nodemailer'
import type { CodePurpose } from './codes.js'

export interface CodeMail {
  to: string
  code: string
  purpose: CodePurpose
  /** The address an e-mail update moves to (update-primary). */
  newEmail?: string
}

export interface Mailer {
  sendCode(mail: CodeMail): Promise<void>
  close(): void
}

export const codeSubject = (code: string) => `Your AppKit code: ${code}`

const PURPOSE_TEXT: Record<CodePurpose, (mail: CodeMail) => string> = {
  login: () => 'Use this code to sign in to your AppKit wallet.',
  device: () =>
    'Someone is signing in to your AppKit wallet on a device it has not seen before. If it is you, use this code to approve the device.',
  'update-primary': mail =>
    `Use this code to confirm that you want to change your AppKit wallet's e-mail address to ${mail.newEmail ?? 'a new address'}.`,
  'update-secondary': () => "Use this code to confirm this address as your AppKit wallet's new e-mail address."
}

export function codeText(mail: CodeMail): string {
  return [
    PURPOSE_TEXT[mail.purpose](mail),
    '',
    `Your code: ${mail.code}`,
    '',
    'It is valid for 10 minutes and can be used once.',
    'If you did not ask for it, ignore this e-mail: nothing happens without the code.'
  ].join('\n')
}

export function createMailer(options: { smtpUrl: string; mailFrom: string }): Mailer {
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000
  })
  return {
    async sendCode(mail) {
      await transport.sendMail({
        from: options.mailFrom,
        to: mail.to,
        subject: codeSubject(mail.code),
        text: codeText(mail)
      })
    },
    close() {
      transport.close()
    }
  }
}
