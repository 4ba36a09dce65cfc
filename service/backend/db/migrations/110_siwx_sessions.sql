-- Sign-in with X (issue 12): nonces handed out by POST /v1/siwx/nonce (each used once), and the
-- sessions POST /v1/siwx/sessions verified, kept per bearer token (the token's SHA-256, never the
-- token itself).
CREATE TABLE IF NOT EXISTS siwx_nonces (
  nonce TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE TABLE IF NOT EXISTS siwx_sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL,
  project_id TEXT NOT NULL,
  chain_id TEXT NOT NULL,
  -- Lower case for lookups (an EVM address); a Solana address as it is.
  address_key TEXT NOT NULL,
  session JSONB NOT NULL,
  expires_at BIGINT,
  not_before BIGINT,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX IF NOT EXISTS siwx_sessions_token_idx ON siwx_sessions (token_hash, chain_id, address_key);
