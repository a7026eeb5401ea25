-- VIN decoding to the model (issue 5, scope 4), from NHTSA vPIC's VIN schemas: the extract
-- kv-seed/vehicles/vin-patterns.json (npm run data:vin), loaded by scripts/lib/vin-load.ts.
-- A VIN's WMI (positions 1-3) and model year select the schemas in force (vin_schema_link); the
-- model patterns of those schemas that the VIN matches name its model, and as in vPIC the most
-- specific one decides (smallest breadth; equally specific patterns naming different models
-- leave the model unknown). Make and model are stored by name, not vehicle ids: the catalog
-- load replaces the vehicle tables, and a name finds its node again (worker/services/vehicles.ts).

CREATE TABLE vin_schema_link (
  wmi TEXT NOT NULL,
  schema_id INTEGER NOT NULL,          -- vPIC VinSchema.Id
  year_from INTEGER NOT NULL,
  year_to INTEGER NOT NULL,
  PRIMARY KEY (wmi, year_from, schema_id)
) WITHOUT ROWID;

CREATE TABLE vin_pattern (
  id INTEGER PRIMARY KEY,
  schema_id INTEGER NOT NULL,
  glob TEXT NOT NULL,                  -- SQLite GLOB over the whole upper-case 17-character VIN
  breadth INTEGER NOT NULL,            -- 1000 x ln(VINs it matches over positions 4-8, 10-17): smaller = more specific
  make TEXT NOT NULL,                  -- vehicle_make.name
  model TEXT NOT NULL                  -- vehicle_model.name under that make
);
CREATE INDEX vin_pattern_schema ON vin_pattern (schema_id);
