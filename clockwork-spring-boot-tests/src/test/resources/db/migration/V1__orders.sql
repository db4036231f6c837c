-- The application's own migration: Clockwork's history table must not see it, nor it Clockwork's.
CREATE TABLE shop_orders (id text PRIMARY KEY, total numeric NOT NULL);
