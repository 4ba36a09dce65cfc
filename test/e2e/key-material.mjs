// What a host page can see, searched for the embedded wallet's secrets (issue 33, section 3; spec §7:
// the keys never leave the secure frame). recordHostPage records, from before the kit loads, every
// message a window of the browser context that is not the frame's receives, and every request such a
// window makes (URL, headers, body) with its response (headers, body), and every WebSocket frame;
// hostPageState reads the page's localStorage, sessionStorage, IndexedDB (names, keys and values) and
// document.cookie. findSecrets searches all of it for each secret of the run in the forms a leak would
// take: hex (any case, with or without 0x), base64 and base64url (at any byte alignment, so a secret
// inside a longer encoded buffer is found too), base58, a list of its bytes, and the raw bytes of a
// binary body. The frame's own requests (its backend hands it its keys) are not the page's: the browser
// keeps them from the page, so they are left out, by the frame document that made them.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Keypair } from '@solana/web3.js'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58(bytes) {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}

/**
 * The strings a leak of `bytes` would contain: `insensitive` ones (hex) are searched in lower-cased
 * text, the others as they are. Base64 is taken at each of the three byte alignments, without the
 * characters its neighbours would change.
 */
export function secretForms(bytes) {
  const buffer = Buffer.from(bytes)
  const sensitive = [base58(buffer), buffer.join(',')]
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), buffer])
      .toString('base64')
      .replace(/=+$/, '')
    const inner = encoded.slice(Math.ceil((shift * 8) / 6), -2)
    sensitive.push(inner, inner.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return { insensitive: [buffer.toString('hex')], sensitive, bytes: buffer }
}

/**
 * The run's secrets, each with its forms: `keys` as the frame's backend gives them
 * ([{ namespace, privateKey: '0x' + 64 hex }]; a Solana key's 64-byte secret key too), the session
 * tokens (base64url, as they are and as bytes) and the backend's master key (base64) when known.
 */
export function runSecrets({ keys = [], sessionTokens = [], masterKey } = {}) {
  const secrets = []
  for (const { namespace, privateKey } of keys) {
    const seed = Buffer.from(privateKey.slice(2), 'hex')
    assert.equal(seed.length, 32, `a ${namespace} key of 32 bytes`)
    secrets.push({ label: `${namespace} private key`, ...secretForms(seed) })
    if (namespace === 'solana') {
      secrets.push({ label: 'solana secret key', ...secretForms(Keypair.fromSeed(seed).secretKey) })
    }
  }
  for (const token of sessionTokens) {
    const forms = secretForms(Buffer.from(token, 'base64url'))
    secrets.push({ label: 'session token', ...forms, sensitive: [token, ...forms.sensitive] })
  }
  if (masterKey) secrets.push({ label: 'master key', ...secretForms(Buffer.from(masterKey, 'base64')) })
  return secrets
}

/** Every place in `haystacks` ([{ where, text, bytes? }]) where one of `secrets` shows, as 'label in where'. */
export function findSecrets(haystacks, secrets) {
  const found = []
  for (const { where, text = '', bytes } of haystacks) {
    const lower = text.toLowerCase()
    for (const secret of secrets) {
      const hit =
        secret.insensitive.some(form => lower.includes(form)) ||
        secret.sensitive.some(form => text.includes(form)) ||
        (bytes !== undefined && bytes.includes(secret.bytes))
      if (hit) found.push(`${secret.label} in ${where}`)
    }
  }
  return found
}

// The search finds what it looks for: a random key hidden in each form inside longer text.
{
  const key = randomBytes(32)
  const [secret] = runSecrets({ keys: [{ namespace: 'eip155', privateKey: `0x${key.toString('hex')}` }] })
  const planted = [
    `{"k":"0x${key.toString('hex').toUpperCase()}"}`,
    ...[0, 1, 2].map(shift => Buffer.concat([randomBytes(5 + shift), key, randomBytes(4)]).toString('base64')),
    Buffer.concat([randomBytes(7), key]).toString('base64url'),
    `{"secretKey":"${base58(key)}"}`,
    JSON.stringify([...key])
  ]
  for (const text of planted) assert.equal(findSecrets([{ where: 'self-check', text }], [secret]).length, 1, text)
  assert.equal(findSecrets([{ where: 'self-check', bytes: Buffer.concat([randomBytes(9), key]) }], [secret]).length, 1)
  assert.deepEqual(findSecrets([{ where: 'self-check', text: randomBytes(300).toString('base64') }], [secret]), [])
}

/** Records each message's data as JSON, binary parts as hex (in the page; its JSON function is `__appkitJson`). */
function recordMessages() {
  const hex = view => Array.from(view, byte => byte.toString(16).padStart(2, '0')).join('')
  const json = value =>
    JSON.stringify(value, (_key, part) => {
      if (part instanceof ArrayBuffer) return { hex: hex(new Uint8Array(part)) }
      if (ArrayBuffer.isView(part)) return { hex: hex(new Uint8Array(part.buffer, part.byteOffset, part.byteLength)) }
      return typeof part === 'bigint' ? String(part) : part
    })
  Object.defineProperty(globalThis, '__appkitJson', { value: json })
  addEventListener(
    'message',
    event => {
      let text
      try {
        text = json(event.data) ?? String(event.data)
      } catch {
        text = String(event.data)
      }
      void globalThis.__appkitRecordMessage?.(event.origin, text)
    },
    true
  )
}

/**
 * Starts recording what the windows of `context` that are not on `frameOrigin` see (call it before
 * the first page opens). Returns { messages, frameMessages, exchanges, unread, settled() }: `messages`
 * as [{ where, origin, text, main }] (`main`: received by a page's top window), `frameMessages` the
 * same for the windows on `frameOrigin` (what the frame was asked: not searched), `exchanges` the requests
 * as haystacks, `unread` the responses whose body could not be read (redirects), `settled()` waits
 * for the bodies still being read.
 */
export async function recordHostPage(context, frameOrigin) {
  const onFrame = frame => {
    try {
      return new URL(frame.url()).origin === frameOrigin
    } catch {
      return false
    }
  }
  const record = { messages: [], frameMessages: [], exchanges: [], unread: 0, reading: new Set() }
  await context.exposeBinding('__appkitRecordMessage', ({ frame }, origin, text) => {
    const message = { where: `a message to ${frame.url()}`, origin, text, main: !frame.parentFrame() }
    ;(onFrame(frame) ? record.frameMessages : record.messages).push(message)
  })
  await context.addInitScript(recordMessages)
  context.on('requestfinished', request => {
    let frame
    try {
      frame = request.frame()
    } catch {
      // a worker's request: counted as the page's
    }
    if (frame && onFrame(frame)) return
    const where = `${request.method()} ${request.url()}`
    const body = request.postDataBuffer()
    record.exchanges.push({
      where: `${where} (request)`,
      text: `${request.url()}\n${JSON.stringify(request.headers())}\n${body?.toString('utf8') ?? ''}`,
      bytes: body ?? undefined
    })
    const reading = (async () => {
      // A redirect has no body; a response still being read when its page or context closes has none either.
      try {
        const response = await request.response()
        if (!response) return
        const headers = JSON.stringify(await response.allHeaders())
        let answer
        try {
          answer = await response.body()
        } catch {
          record.unread++
        }
        record.exchanges.push({
          where: `${where} (response)`,
          text: `${headers}\n${answer?.toString('utf8') ?? ''}`,
          bytes: answer
        })
      } catch {
        record.unread++
      }
    })()
    record.reading.add(reading)
    void reading.finally(() => record.reading.delete(reading))
  })
  const onPage = page =>
    page.on('websocket', socket => {
      const push =
        direction =>
        ({ payload }) =>
          record.exchanges.push({
            where: `WebSocket ${socket.url()} (${direction})`,
            text: typeof payload === 'string' ? payload : payload.toString('utf8'),
            bytes: typeof payload === 'string' ? undefined : payload
          })
      socket.on('framesent', push('sent'))
      socket.on('framereceived', push('received'))
    })
  context.pages().forEach(onPage)
  context.on('page', onPage)
  return {
    messages: record.messages,
    frameMessages: record.frameMessages,
    exchanges: record.exchanges,
    get unread() {
      return record.unread
    },
    settled: async () => {
      while (record.reading.size > 0) await Promise.allSettled([...record.reading])
    }
  }
}

/** The page's storage and cookies as haystacks (the page recorded by recordHostPage): localStorage, sessionStorage, IndexedDB (every database, store, key and value), document.cookie. */
export async function hostPageState(page) {
  const entries = await page.evaluate(async () => {
    const json = globalThis.__appkitJson
    const done = request =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const out = []
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage]
    ]) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index)
        out.push([`${name} ${key}`, `${key}\n${storage.getItem(key)}`])
      }
    }
    out.push(['document.cookie', document.cookie])
    for (const { name } of await indexedDB.databases()) {
      const db = await done(indexedDB.open(name))
      for (const store of db.objectStoreNames) {
        const objects = db.transaction(store, 'readonly').objectStore(store)
        const [keys, values] = await Promise.all([done(objects.getAllKeys()), done(objects.getAll())])
        out.push([`IndexedDB ${name}/${store}`, `${name}\n${store}\n${json(keys)}\n${json(values)}`])
      }
      db.close()
    }
    return out
  })
  return entries.map(([where, text]) => ({ where: `${where} of ${page.url()}`, text }))
}

/**
 * Asserts that nothing `record` saw, nor the storage of `pages`, holds one of `secrets`; and that
 * the record is not empty (the page's messages and its requests to `apiOrigin` were seen).
 */
export async function assertNoSecretReachedThePage(record, pages, secrets, apiOrigin) {
  await record.settled()
  const state = (await Promise.all(pages.map(hostPageState))).flat()
  const hostMessages = record.messages.filter(message => message.main)
  assert.ok(hostMessages.length > 5, `the page's messages were recorded (${hostMessages.length})`)
  assert.ok(
    record.exchanges.some(exchange => exchange.where.includes(` ${apiOrigin}/`)),
    "the page's requests to the backend were recorded"
  )
  assert.ok(secrets.length >= 2, `the run's secrets are known (${secrets.map(secret => secret.label).join(', ')})`)
  assert.deepEqual(findSecrets([...record.messages, ...record.exchanges, ...state], secrets), [])
}
