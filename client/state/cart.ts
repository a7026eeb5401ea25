import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { CartAnswer, CartItemType, CartLineView } from '../../shared/cart.ts';
import type { ApiClient } from '../../shared/api-client.ts';
import { API } from '../../shared/api-routes.ts';

/**
 * The cart in the browser (§4 Cart): the server is the truth; the count in the header moves
 * at once when a part is added (optimistic) and settles on the server's answer. The first
 * error of an update shows as a warning (§8).
 */

export interface CartDeps {
  api: Pick<ApiClient, 'call'>;
  /** The current vehicle's deepest id, so lines come back with their fitment. */
  vehicleId: () => number | null;
  /** The shopper's postal code, for the shipping estimate. */
  postCode: { read: () => string | null; write: (code: string) => void; guess?: () => Promise<string | null> };
  warn: (message: string) => void;
  saveCopy: (cart: CartAnswer) => Promise<void>;
  readCopy: () => Promise<CartAnswer | null>;
}

export interface AddLine {
  skuId: number;
  itemCount: number;
  itemType?: CartItemType;
  bundleId?: number | null;
  attributeValueId?: number | null;
}

export interface CartStore {
  readonly cart: ReadonlySignal<CartAnswer | null>;
  /** Pieces in the cart as the header shows them, including adds still on their way. */
  readonly count: ReadonlySignal<number>;
  readonly busy: ReadonlySignal<boolean>;
  /** Shows the stored copy at once, then the server's cart. */
  load(): Promise<void>;
  add(lines: AddLine[]): Promise<boolean>;
  setQuantity(line: CartLineView, itemCount: number): Promise<void>;
  remove(line: CartLineView): Promise<void>;
  /** Applies a promotion code or coupon code; true when the cart took it. */
  applyCode(code: string): Promise<boolean>;
  removeCode(code: string): Promise<void>;
  /** Estimates shipping for another postal code. */
  setPostCode(code: string): Promise<void>;
}

const identity = (line: CartLineView) => ({
  skuId: line.skuId,
  itemType: line.itemType,
  bundleId: line.bundleId ? Number(line.bundleId) : null,
  needAddCarModel: false,
});

export function createCartStore(deps: CartDeps): CartStore {
  const cart = signal<CartAnswer | null>(null);
  const pending = signal(0);
  const busy = signal(false);
  const count = computed(() => (cart.value?.detail.itemCount ?? 0) + pending.value);

  const settle = (answer: CartAnswer) => {
    cart.value = answer;
    void deps.saveCopy(answer).catch(() => undefined);
    const first = answer.errors[0];
    if (first) deps.warn(first.error);
  };

  /**
   * Calls that changed the cart so far. A load's answer is read on the server when it starts: if a change was sent
   * meanwhile (a code applied while the page's first load is still on a slow network), that answer is older than
   * the change's and is dropped, so the shopper never sees the change undone.
   */
  let changes = 0;

  async function run(call: () => Promise<CartAnswer>): Promise<boolean> {
    changes += 1;
    busy.value = true;
    try {
      settle(await call());
      return true;
    } catch (error) {
      deps.warn((error as { msg?: string }).msg ?? 'The cart could not be updated. Please try again.');
      return false;
    } finally {
      busy.value = false;
    }
  }

  const vehicle = () => deps.vehicleId() ?? undefined;
  /** What every cart call carries besides its own fields: the vehicle and the postal code. */
  const shopper = () => ({ attributeValueId: vehicle(), postCode: deps.postCode.read() ?? undefined });

  return {
    cart,
    count,
    busy,
    async load() {
      const copy = await deps.readCopy().catch(() => null);
      if (copy && !cart.value) cart.value = copy;
      // A visitor with no postal code stored gets one from their location (US site, §7), once.
      const seen = changes;
      if (!deps.postCode.read() && deps.postCode.guess) {
        const guessed = await deps.postCode.guess().catch(() => null);
        // The shopper may have typed a code while the guess was on its way: theirs stands, and this load is stale.
        if (changes !== seen) return;
        if (guessed && !deps.postCode.read()) deps.postCode.write(guessed);
      }
      try {
        const answer = await deps.api.call(API.cartGet, shopper());
        if (changes !== seen) return;
        cart.value = answer;
        await deps.saveCopy(answer).catch(() => undefined);
      } catch {
        // A failed cart fetch silently leaves what is shown (§8).
      }
    },
    async add(lines) {
      const pieces = lines.reduce((sum, line) => sum + line.itemCount, 0);
      pending.value += pieces;
      try {
        return await run(() => deps.api.call(API.cartAdd, { ...shopper(), items: lines }));
      } finally {
        pending.value -= pieces;
      }
    },
    async setQuantity(line, itemCount) {
      await run(() =>
        deps.api.call(API.cartUpdate, {
          action: 'UPDATE',
          ...shopper(),
          items: [{ ...identity(line), itemCount }],
        }),
      );
    },
    async remove(line) {
      await run(() => deps.api.call(API.cartUpdate, { action: 'DELETE', ...shopper(), items: [identity(line)] }));
    },
    async applyCode(code) {
      const before = cart.value?.detail.pricing.promotionCodes.length ?? 0;
      const applied = await run(() => deps.api.call(API.promotionApply, { code, ...shopper() }));
      return applied && (cart.value?.detail.pricing.promotionCodes.length ?? 0) > before;
    },
    async setPostCode(code) {
      changes += 1;
      deps.postCode.write(code);
      await this.load();
    },
    async removeCode(code) {
      await run(() => deps.api.call(API.promotionApply, { code, remove: true, ...shopper() }));
    },
  };
}
