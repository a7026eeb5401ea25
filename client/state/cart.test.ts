import { describe, expect, it } from 'vitest';
import type { ApiCall, ApiMethod } from '../../shared/api-routes.ts';
import type { CartAnswer } from '../../shared/cart.ts';
import { createCartStore, type CartDeps } from './cart.ts';

type Handler = (path: string, input: unknown) => Promise<unknown>;
/** The store's API: each call answered by the handler of its method, with its path and input. */
const byMethod = (handlers: Partial<Record<ApiMethod, Handler>>): CartDeps['api'] =>
  ({ call: (route: ApiCall, input?: unknown) => handlers[route.method]!(route.path, input) }) as CartDeps['api'];

const answer = (itemCount: number, errors: CartAnswer['errors'] = []): CartAnswer => ({
  cartUUID: 'c',
  errors,
  detail: {
    items: [],
    groups: { regular: [], tradeIn: [], bundles: [], unusable: [] },
    itemCount,
    vehicleName: null,
    pricing: {
      currency: 'USD',
      subtotal: 0,
      discount: 0,
      discounts: [],
      shipping: 0,
      shippingDiscount: 0,
      shippingName: null,
      shippingPromotionId: null,
      points: 0,
      pointsUsed: 0,
      coreCharges: 0,
      total: 0,
      rejected: [],
      promotionCodes: [],
      hints: [],
      exchangeOffers: [],
      giveaways: [],
      addOnItems: [],
      shippingOptions: [],
      postCode: null,
      lineDiscounts: [],
    },
  },
});

function harness(post: () => Promise<CartAnswer>) {
  const warnings: string[] = [];
  const saved: CartAnswer[] = [];
  const deps: CartDeps = {
    api: byMethod({ get: async () => answer(0), post, put: post }),
    vehicleId: () => 42,
    postCode: { read: () => null, write: () => undefined },
    warn: (message) => warnings.push(message),
    saveCopy: async (cart) => {
      saved.push(cart);
    },
    readCopy: async () => answer(3),
  };
  return { store: createCartStore(deps), warnings, saved };
}

describe('the cart store', () => {
  it('keeps a code applied while the first load is still on its way, dropping the older answer', async () => {
    let loaded!: (value: CartAnswer) => void;
    const applied = { ...answer(1), detail: { ...answer(1).detail } };
    applied.detail.pricing = { ...applied.detail.pricing, promotionCodes: ['SAVE12'], discount: 1200 };
    const deps: CartDeps = {
      api: byMethod({
        get: () =>
          new Promise((resolve) => {
            loaded = resolve as (value: CartAnswer) => void;
          }),
        post: async () => applied,
      }),
      vehicleId: () => null,
      postCode: { read: () => '43215', write: () => undefined },
      warn: () => undefined,
      saveCopy: async () => undefined,
      readCopy: async () => null,
    };
    const store = createCartStore(deps);
    const loading = store.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await store.applyCode('save12')).toBe(true);
    loaded(answer(1));
    await loading;
    expect(store.cart.value?.detail.pricing.promotionCodes).toEqual(['SAVE12']);
  });

  it('counts an added part at once and settles on the server count', async () => {
    let release!: (value: CartAnswer) => void;
    const { store } = harness(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const adding = store.add([{ skuId: 1, itemCount: 2 }]);
    expect(store.count.value).toBe(2);
    release(answer(5));
    await adding;
    expect(store.count.value).toBe(5);
  });

  it('takes the optimistic count back when the add fails, and warns with the server message', async () => {
    const { store, warnings } = harness(async () => {
      throw { msg: 'items.0.itemCount must be a whole number from 1 to 99' };
    });
    expect(await store.add([{ skuId: 1, itemCount: 200 }])).toBe(false);
    expect(store.count.value).toBe(0);
    expect(warnings).toEqual(['items.0.itemCount must be a whole number from 1 to 99']);
  });

  it('shows the first update error as a warning (§8) and keeps an encrypted copy of the answer', async () => {
    const { store, warnings, saved } = harness(async () =>
      answer(1, [
        { skuId: 1, error: 'Only 1 left in stock.' },
        { skuId: 2, error: 'This part is sold out.' },
      ]),
    );
    await store.add([
      { skuId: 1, itemCount: 3 },
      { skuId: 2, itemCount: 1 },
    ]);
    expect(warnings).toEqual(['Only 1 left in stock.']);
    expect(saved.at(-1)?.detail.itemCount).toBe(1);
  });

  it('shows the stored copy first, then the server cart', async () => {
    let release!: (value: CartAnswer) => void;
    const slow = createCartStore({
      api: byMethod({
        get: (() =>
          new Promise((resolve) => {
            release = resolve as never;
          })) as never,
        post: (async () => answer(0)) as never,
        put: (async () => answer(0)) as never,
      }),
      vehicleId: () => null,
      postCode: { read: () => null, write: () => undefined },
      warn: () => undefined,
      saveCopy: async () => undefined,
      readCopy: async () => answer(3),
    });
    const loading = slow.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slow.count.value).toBe(3);
    release(answer(1));
    await loading;
    expect(slow.count.value).toBe(1);
  });
});

describe('the shipping postal code', () => {
  it('is guessed from the location once when none is stored, and sent with the cart', async () => {
    let stored: string | null = null;
    const asked: unknown[] = [];
    const store = createCartStore({
      api: byMethod({
        get: (async (_path: string, query: unknown) => {
          asked.push(query);
          return answer(0);
        }) as never,
        post: (async () => answer(0)) as never,
        put: (async () => answer(0)) as never,
      }),
      vehicleId: () => null,
      warn: () => undefined,
      saveCopy: async () => undefined,
      readCopy: async () => null,
      postCode: {
        read: () => stored,
        write: (code) => {
          stored = code;
        },
        guess: async () => '10001',
      },
    });
    await store.load();
    expect(stored).toBe('10001');
    expect(asked[0]).toMatchObject({ postCode: '10001' });
  });

  it('is not guessed over one the shopper gave', async () => {
    let guessed = false;
    const store = createCartStore({
      api: byMethod({
        get: (async () => answer(0)) as never,
        post: (async () => answer(0)) as never,
        put: (async () => answer(0)) as never,
      }),
      vehicleId: () => null,
      warn: () => undefined,
      saveCopy: async () => undefined,
      readCopy: async () => null,
      postCode: {
        read: () => 'K1A 0B1',
        write: () => undefined,
        guess: async () => {
          guessed = true;
          return '10001';
        },
      },
    });
    await store.load();
    expect(guessed).toBe(false);
  });

  it('keeps the code the shopper typed while the location guess is still on its way', async () => {
    let stored: string | null = null;
    const guess: { answer?: (code: string) => void } = {};
    const asked: unknown[] = [];
    const store = createCartStore({
      api: byMethod({
        get: (async (_path: string, query: unknown) => {
          asked.push(query);
          return answer(0);
        }) as never,
        post: (async () => answer(0)) as never,
        put: (async () => answer(0)) as never,
      }),
      vehicleId: () => null,
      warn: () => undefined,
      saveCopy: async () => undefined,
      readCopy: async () => null,
      postCode: {
        read: () => stored,
        write: (code) => {
          stored = code;
        },
        guess: () => new Promise((resolve) => (guess.answer = resolve)),
      },
    });
    const first = store.load();
    while (!guess.answer) await Promise.resolve();
    await store.setPostCode('10001');
    guess.answer('78701');
    await first;
    expect(stored).toBe('10001');
    expect(asked).toEqual([expect.objectContaining({ postCode: '10001' })]);
  });
});
