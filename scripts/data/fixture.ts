// Writes the small, fixed catalog the tests load: a few makes, a few years, 150 items.
//   npm run data:fixture
import { generateCatalog } from './catalog-gen.ts';
import { catalogStatements, writeStatements } from './catalog-sql.ts';
import { buildVehicleTree, readVehicleExtract } from './vehicle-tree.ts';

export const FIXTURE = {
  makes: ['Chevrolet', 'Dodge', 'Ford', 'GMC', 'Honda', 'Toyota'],
  yearFrom: 2012,
  yearTo: 2018,
  items: 150,
  seed: 7,
} as const;

const { extract, wmi } = await readVehicleExtract();
const tree = buildVehicleTree(extract, wmi, FIXTURE);
const catalog = generateCatalog(tree, FIXTURE.items, FIXTURE.seed);
const bytes = await writeStatements('tests/fixtures/catalog.sql', catalogStatements(tree, catalog, 'test-fixture'));
console.log(
  `tests/fixtures/catalog.sql: ${tree.nodes.length} vehicle nodes, ${FIXTURE.items} items, ` +
    `${catalog.tables.fitment!.length} fitment rows, ${(bytes / 1024).toFixed(0)} KB`,
);
