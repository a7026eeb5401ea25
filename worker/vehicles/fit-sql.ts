/**
 * `fit` as SQL common table expressions: the items that fit a vehicle or may fit it (§4 UNCERTAIN), for every list
 * that answers "parts for this vehicle" (search's "Fits my vehicle", the vehicle's category counts) to agree. Its
 * applications at any of its node ids, and those of the trims and engines below its deepest node, which the shopper
 * has not chosen: an oil filter for one engine of a model year given without an engine may well fit, so the list
 * keeps it and its card asks for the engine. A chosen engine leaves the other engines' parts out.
 * `ids` is the SQL of a bound JSON array of the vehicle's node ids (`?1`).
 */
export function vehicleFitCtes(ids: string): string[] {
  const nodes = `SELECT value FROM json_each(${ids})`;
  return [
    `deepest AS (SELECT id FROM vehicle_node WHERE id IN (${nodes}) ORDER BY level DESC LIMIT 1)`,
    `below AS (SELECT id FROM vehicle_node WHERE parent_id IN (SELECT id FROM deepest)
      UNION SELECT id FROM vehicle_node WHERE parent_id IN
        (SELECT v.id FROM vehicle_node v WHERE v.parent_id IN (SELECT id FROM deepest)))`,
    `fit AS (SELECT item_id AS id FROM fitment WHERE node_id IN (${nodes})
      UNION SELECT item_id FROM fitment WHERE node_id IN (SELECT id FROM below))`,
  ];
}
