-- An engine node (level 5) says what the engine is, not only its text: the fuel type ("Gas",
-- "Diesel", "Hybrid", "Electric", ...), the displacement in litres and the cylinder count, as the
-- vehicle base (kv-seed/vehicles) derives them from vPIC. Null on other levels and where vPIC is
-- silent. The catalog generator fits by them (spark plugs never fit a diesel or an electric car).
ALTER TABLE vehicle_node ADD COLUMN fuel_type TEXT;
ALTER TABLE vehicle_node ADD COLUMN displacement REAL;
ALTER TABLE vehicle_node ADD COLUMN cylinders INTEGER;
