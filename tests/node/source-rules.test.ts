import { describe, expect, it } from 'vitest';
import { sourceViolations } from '../../scripts/check-source.ts';
import {
  layeringViolations,
  longLines,
  type SourceFile,
  sqlOutsideRepositories,
} from '../../scripts/lib/source-rules.ts';

const file = (path: string, text: string): SourceFile => ({ path, text });
const rulesBroken = (files: SourceFile[]) => layeringViolations(files).map((v) => v.rule);

describe('the layering rules', () => {
  it('refuse a route or a page that imports a repository, even its own domain’s', () => {
    expect(
      rulesBroken([file('worker/cart/cart.routes.ts', "import { cartRepository } from './repository.ts';")]),
    ).toEqual(['routes and pages call services, not repositories']);
    expect(
      rulesBroken([file('worker/orders/pages.tsx', "import type { OrderRecord } from './repository.ts';")]),
    ).toEqual(['routes and pages call services, not repositories']);
  });

  it('refuse a repository imported from another domain, middleware or the shell', () => {
    expect(rulesBroken([file('worker/checkout/place-order.ts', "import { x } from '../cart/repository.ts';")])).toEqual(
      ['a repository is imported only inside its domain'],
    );
    expect(rulesBroken([file('worker/middleware/auth.ts', "import { a } from '../accounts/repository.ts';")])).toEqual([
      'a repository is imported only inside its domain',
    ]);
  });

  it('let a service use its own repositories and another domain’s service, schemas and views', () => {
    const service = file(
      'worker/cart/service.ts',
      [
        "import { cartRepository } from './repository.ts';",
        "import { guarded } from './guarded-writes-repository.ts';",
        "import { fitmentFor } from '../vehicles/service.ts';",
        "import type { CartLine } from '../cart/schemas.ts';",
        "import { ProductCard } from '../catalog/views/ProductCard.tsx';",
      ].join('\n'),
    );
    expect(rulesBroken([service])).toEqual([]);
  });

  it('refuse reaching into another domain past its service', () => {
    expect(
      rulesBroken([file('worker/search/pages.tsx', "import { lookup } from '../vehicles/fitment-lookup.ts';")]),
    ).toEqual(['another domain is reached through its service, schemas or views']);
  });

  it('let app.ts mount every domain’s routes and pages, and nothing else past a service', () => {
    const app = file(
      'worker/app.ts',
      "import { cartApi } from './cart/cart.routes.ts';\nimport { p } from " +
        "'./orders/pages.tsx';\nimport { x } from './orders/payments.ts';",
    );
    expect(layeringViolations([app]).map((v) => v.line)).toEqual([3]);
  });

  it('refuse client code importing worker code, types included, and shared importing either', () => {
    expect(
      rulesBroken([
        file('client/islands/Card.tsx', "import type { SearchRecord } from '../../worker/search/service.ts';"),
      ]),
    ).toEqual(['client never imports worker']);
    expect(rulesBroken([file('shared/money.ts', "import { x } from '../client/api.ts';")])).toEqual([
      'shared imports neither worker nor client',
    ]);
  });

  it('keep HTTP out of services and repositories, and let routes share a domain’s http.ts', () => {
    expect(rulesBroken([file('worker/cart/service.ts', "import type { Context } from 'hono';")])).toEqual([
      'services and repositories know nothing of HTTP',
    ]);
    expect(rulesBroken([file('worker/cart/service.ts', "export { answer } from './http.ts';")])).toEqual([
      'services and repositories know nothing of HTTP',
    ]);
    expect(rulesBroken([file('worker/checkout/routes.ts', "import { credentials } from '../cart/http.ts';")])).toEqual(
      [],
    );
  });

  it('let tests and scripts reach any module', () => {
    expect(
      rulesBroken([file('tests/worker/cart.test.ts', "import { c } from '../../worker/cart/repository.ts';")]),
    ).toEqual([]);
  });
});

describe('SQL and line length', () => {
  it('find SQL written outside a repository, but not in one', () => {
    const outside = file('worker/orders/service.ts', "  db.prepare('UPDATE orders SET status = ? WHERE id = ?'),");
    const inside = file('worker/orders/repository.ts', "  db.prepare('UPDATE orders SET status = ? WHERE id = ?'),");
    expect(sqlOutsideRepositories([outside, inside]).map((v) => v.path)).toEqual(['worker/orders/service.ts']);
    expect(sqlOutsideRepositories([file('worker/x/service.ts', "const text = 'Select a vehicle';")])).toEqual([]);
  });

  it('find lines over 120 characters', () => {
    expect(longLines([file('a.ts', `ok\n${'x'.repeat(121)}\n${'y'.repeat(120)}`)]).map((v) => v.line)).toEqual([2]);
  });
});

describe('the shop’s own tree', () => {
  it('keeps every layering, SQL and line-length rule', () => {
    expect(sourceViolations().map((v) => `${v.path}:${v.line} ${v.rule}: ${v.detail}`)).toEqual([]);
  });
});
