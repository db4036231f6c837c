ALTER TABLE shop_orders ADD COLUMN notes text;
