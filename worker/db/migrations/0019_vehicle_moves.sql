-- Where the ids of vehicle nodes removed by a re-derivation of the vehicle base went: the closest
-- vehicle that exists now (kv-seed/vehicles/vehicles.json "moves", scripts/data/vpic/node-moves.ts).
-- A saved vehicle on an old id (a member's garage row, a visitor's browser garage, a chosen path)
-- resolves to new_id; moves of earlier re-derivations are already followed to the last successor.
-- Loaded and replaced with the vehicles. Neither column is a foreign key: old_id is gone from
-- vehicle_node by definition, and the catalog (vehicles included) is replaced whole on a reload.
CREATE TABLE vehicle_node_move (
  old_id INTEGER PRIMARY KEY,
  new_id INTEGER NOT NULL
);
