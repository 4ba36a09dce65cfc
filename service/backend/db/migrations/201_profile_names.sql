-- Names registered through POST /v1/profile/account (backend B, server/blockchain/names.ts).
-- The signed registration is kept, so the backend can write the name to a registry again when a
-- chain was reset (the local chains start empty every time) and the record survives restarts.
CREATE TABLE IF NOT EXISTS profile_names (
  -- The label in lower case with the current suffix: "alice.appkit.id".
  name TEXT PRIMARY KEY,
  label TEXT NOT NULL UNIQUE,
  -- Checksummed; address_lc for lookups.
  address TEXT NOT NULL,
  address_lc TEXT NOT NULL,
  coin_type BIGINT NOT NULL,
  attributes JSONB NOT NULL DEFAULT '{}'::jsonb,
  message TEXT NOT NULL,
  signature TEXT NOT NULL,
  registered_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS profile_names_address_idx ON profile_names (address_lc, registered_at DESC);
