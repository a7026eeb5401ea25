-- A member sees the guest orders placed with their verified email: signing in claims them by email, so the
-- lookup of a guest's orders by email must not scan every order.
CREATE INDEX IF NOT EXISTS orders_guest_email ON orders (email COLLATE NOCASE) WHERE account_id IS NULL;
