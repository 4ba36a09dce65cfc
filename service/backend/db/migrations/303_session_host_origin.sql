-- An embedded-wallet session belongs to the host page's origin it was made for (issue 29): the
-- frame names that origin on every call (the x-appkit-host-origin header), and a session answers
-- only calls made for the same origin. Sessions made before this have no origin: they answer none.

ALTER TABLE wallet_sessions ADD COLUMN IF NOT EXISTS host_origin TEXT;
