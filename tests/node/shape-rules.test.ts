import { describe, expect, it } from 'vitest';
import {
  exportedNames,
  fileCycles,
  folderCycles,
  largeDoors,
  repositoryTypesInDoors,
  MAX_DOOR_NAMES,
  statementsOutsideRepositories,
} from '../../scripts/lib/shape-rules.ts';
import { DOMAIN_ORDER, layeringViolations, type SourceFile } from '../../scripts/lib/source-rules.ts';

const file = (path: string, text: string): SourceFile => ({ path, text });
const rulesBroken = (files: SourceFile[]) => layeringViolations(files).map((v) => v.rule);

describe('the money core’s shape', () => {
  it('refuse a domain importing another domain’s writers, by door or by an …Into name', () => {
    expect(
      rulesBroken([file('worker/cart/service.ts', "import { takeStockInto } from '../catalog/writers.ts';")]),
    ).toEqual(["a domain never imports another domain's writers (the flows write across domains)"]);
    expect(
      rulesBroken([file('worker/cart/service.ts', "import { pointsEntryInto } from '../members/service.ts';")]),
    ).toEqual(["a domain never imports another domain's writers (the flows write across domains)"]);
  });

  it('let a flow write into every domain it joins, and a domain use its own writers', () => {
    const flow = file(
      'worker/flows/place-order.ts',
      [
        "import { takeStockInto } from '../catalog/writers.ts';",
        "import { newOrderInto } from '../orders/writers.ts';",
        "import { promotionUsesInto } from '../promotions/writers.ts';",
      ].join('\n'),
    );
    const own = file('worker/orders/staff.ts', "import { moveOrderInto } from './writers.ts';");
    expect(rulesBroken([flow, own])).toEqual([]);
  });

  it('refuse a domain importing the flows, the storefront, the back office or the route table', () => {
    for (const target of [
      '../flows/refund-order.ts',
      '../storefront/layout.tsx',
      '../admin/service.ts',
      '../routes/index.ts',
    ]) {
      expect(rulesBroken([file('worker/orders/service.ts', `import { x } from '${target}';`)])).toEqual([
        'a domain never imports the flows, the storefront, the back office or the route table',
      ]);
    }
  });

  it('refuse a domain importing a domain above it in DOMAIN_ORDER, but not one below', () => {
    expect(DOMAIN_ORDER.indexOf('catalog')).toBeLessThan(DOMAIN_ORDER.indexOf('cart'));
    expect(rulesBroken([file('worker/catalog/service.ts', "import { findCart } from '../cart/service.ts';")])).toEqual([
      'a domain imports only domains below it (cart)',
    ]);
    expect(rulesBroken([file('worker/cart/service.ts', "import { skuFacts } from '../catalog/service.ts';")])).toEqual(
      [],
    );
  });

  it('hold type-only imports to the order too, so no two domains’ files loop even through types', () => {
    expect(
      rulesBroken([file('worker/catalog/service.ts', "import type { CartRecord } from '../cart/service.ts';")]),
    ).toEqual(['a domain imports only domains below it (cart)']);
  });

  it('refuse a domain folder that has no place in DOMAIN_ORDER', () => {
    expect(rulesBroken([file('worker/wishlist/service.ts', "import { x } from '../catalog/service.ts';")])).toEqual([
      'every domain has its place in DOMAIN_ORDER',
    ]);
  });
});

describe('D1 statements and batches', () => {
  it('find a statement named or a batch run outside repositories and the unit of work', () => {
    const files = [
      file('worker/orders/service.ts', 'const s: D1PreparedStatement[] = [];'),
      file('worker/flows/refund-order.ts', 'await env.DB.batch(statements);'),
      file('worker/orders/repository.ts', 'const s: D1PreparedStatement[] = [];\nawait db.batch(s);'),
      file('worker/platform/unit-of-work.ts', 'await this.db.batch(this.statements);'),
      file('tests/worker/orders.test.ts', 'await env.DB.batch([]);'),
    ];
    expect(statementsOutsideRepositories(files).map((v) => [v.path, v.rule])).toEqual([
      ['worker/orders/service.ts', 'D1 statements are built in repositories and joined in a unit of work'],
      ['worker/flows/refund-order.ts', 'batches run in repositories or a unit of work'],
    ]);
  });
});

describe('doors and folder loops', () => {
  it('count a door’s names, each name of an export list and each declaration', () => {
    const text = [
      "export { a, b, type C } from './x.ts';",
      'export type { D } from "./y.ts";',
      'export async function e() {}',
      'export const f = 1;',
      'function hidden() {}',
    ].join('\n');
    expect(exportedNames(text)).toBe(6);
    expect(exportedNames("export * from './x.ts';")).toBeGreaterThan(MAX_DOOR_NAMES);
  });

  it('find a door over the limit, and only a service.ts door', () => {
    const many = Array.from({ length: MAX_DOOR_NAMES + 1 }, (_, i) => `export const n${i} = ${i};`).join('\n');
    const exact = Array.from({ length: MAX_DOOR_NAMES }, (_, i) => `export const n${i} = ${i};`).join('\n');
    expect(
      largeDoors([
        file('worker/orders/service.ts', many),
        file('worker/cart/service.ts', exact),
        file('worker/orders/staff.ts', many),
      ]).map((v) => v.path),
    ).toEqual(['worker/orders/service.ts']);
  });

  it('find a loop between two folders of worker/, and not a type-only one', () => {
    const loop = [
      file('worker/orders/service.ts', "import { a } from '../members/service.ts';"),
      file('worker/members/service.ts', "import { b } from '../orders/service.ts';"),
    ];
    expect(folderCycles(loop).map((v) => v.detail)).toEqual(['members -> orders']);
    const typed = [loop[0]!, file('worker/members/service.ts', "import type { b } from '../orders/service.ts';")];
    expect(folderCycles(typed)).toEqual([]);
  });

  it('find a loop through three folders', () => {
    const files = [
      file('worker/a/x.ts', "import { b } from '../b/x.ts';"),
      file('worker/b/x.ts', "import { c } from '../c/x.ts';"),
      file('worker/c/x.ts', "import { a } from '../a/x.ts';"),
      file('worker/d/x.ts', "import { a } from '../a/x.ts';"),
    ];
    expect(folderCycles(files).map((v) => v.detail)).toEqual(['a -> b -> c']);
  });

  it('find a loop between two files of one folder, even through a type-only import', () => {
    const files = [
      file('worker/returns/staff.ts', "export { refundUnits } from './staff-refund.ts';"),
      file('worker/returns/staff-refund.ts', "import type { Refused } from './staff.ts';"),
      file('worker/returns/service.ts', "import { refundUnits } from './staff.ts';"),
    ];
    expect(fileCycles(files).map((v) => v.detail)).toEqual([
      'worker/returns/staff-refund.ts -> worker/returns/staff.ts',
    ]);
    expect(fileCycles(files.slice(0, 1).concat(files.slice(2)))).toEqual([]);
  });

  it('refuse a door handing out a repository’s type, and let it hand out the domain’s records', () => {
    const door = (text: string) => repositoryTypesInDoors([file('worker/orders/service.ts', text)]);
    expect(door("export type { OrderRow } from './repository.ts';").map((v) => v.detail)).toEqual(['OrderRow']);
    expect(door("import { orderRepository, type OrderRow } from './repository.ts';").map((v) => v.detail)).toEqual([
      'OrderRow',
    ]);
    expect(door("import type { Placer } from './access-repository.ts';").map((v) => v.detail)).toEqual(['Placer']);
    expect(door("import { orderRepository } from './repository.ts';")).toEqual([]);
    expect(door("export type { OrderRecord } from './records.ts';")).toEqual([]);
    expect(
      repositoryTypesInDoors([file('worker/orders/history.ts', "import type { OrderRow } from './repository.ts';")]),
    ).toEqual([]);
  });
});
