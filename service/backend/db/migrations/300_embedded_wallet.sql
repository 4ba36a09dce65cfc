-- The embedded wallet (server/embedded, frame/README.md): e-mail accounts, their keys kept only
-- envelope-encrypted, the devices they signed in from, one-time codes and sessions. Nothing secret
-- is stored in the clear: keys are AES-256-GCM ciphertexts, device ids, codes and session tokens
-- are hashes. Times are Unix milliseconds.

CREATE TABLE IF NOT EXISTS wallet_accounts (
  id BIGSERIAL PRIMARY KEY,
  -- Lower case.
  email TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL
);

-- One key per account and namespace; the first stored wins (INSERT ... ON CONFLICT DO NOTHING).
-- The private key is encrypted under its own random data key (key_*), the data key under the
-- master key APPKIT_MASTER_KEY (wrap_*); both AES-256-GCM, base64.
CREATE TABLE IF NOT EXISTS wallet_keys (
  account_id BIGINT NOT NULL REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  namespace TEXT NOT NULL CHECK (namespace IN ('eip155', 'solana')),
  address TEXT NOT NULL,
  ciphertext TEXT NOT NULL,
  key_iv TEXT NOT NULL,
  key_tag TEXT NOT NULL,
  wrapped_key TEXT NOT NULL,
  wrap_iv TEXT NOT NULL,
  wrap_tag TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, namespace)
);

-- The devices an account has signed in from (an HMAC of the frame's random device id).
CREATE TABLE IF NOT EXISTS wallet_devices (
  account_id BIGINT NOT NULL REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  device_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, device_hash)
);

-- The last one-time code per address and purpose (a new one replaces it; a used one is marked
-- used_at, and its sent_at still counts for the 30 s wait). code_hash is an HMAC of the code under a key derived from the master key.
-- email: where the code was sent; account_id: the account asking (the e-mail update steps);
-- new_email: the address an update moves to; device_hash: the device a login/device code is for.
CREATE TABLE IF NOT EXISTS wallet_codes (
  email TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'device', 'update-primary', 'update-secondary')),
  code_hash TEXT NOT NULL,
  account_id BIGINT REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  new_email TEXT,
  device_hash TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  sent_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT,
  PRIMARY KEY (email, purpose)
);
CREATE INDEX IF NOT EXISTS wallet_codes_account_idx ON wallet_codes (account_id, purpose);

-- Sessions by the SHA-256 of their bearer token (the token itself is never stored).
CREATE TABLE IF NOT EXISTS wallet_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  device_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX IF NOT EXISTS wallet_sessions_account_idx ON wallet_sessions (account_id);
