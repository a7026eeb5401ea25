import { API } from '../../shared/api-routes.ts';
import { attributeValueIdOf } from '../../shared/vehicle.ts';
import { api } from '../api.ts';
import { readCartCopy, saveCartCopy } from './cart-cache.ts';
import { createCartStore } from './cart.ts';
import { garage } from './garage.ts';
import { notify } from './notices.ts';
import { POSTAL_CODE_KEY } from './session.ts';

/** Asked once per visit: most visitors' location has no postal code locally. */
const GUESSED_KEY = 'postcode-guessed';

/** The page's one cart store, shared by the header count, the add buttons and the cart page. */
export const shopCart = createCartStore({
  api,
  vehicleId: () => (garage.current.value ? attributeValueIdOf(garage.current.value) : null),
  warn: (message) => notify(message, 'warning', 4000),
  // The same key sign-in fills from the member's profile (§4 Login: the postal code is stored).
  postCode: {
    read: () => localStorage.getItem(POSTAL_CODE_KEY),
    write: (code) => localStorage.setItem(POSTAL_CODE_KEY, code),
    guess: async () => {
      if (document.documentElement.dataset.market !== 'us' || sessionStorage.getItem(GUESSED_KEY)) return null;
      sessionStorage.setItem(GUESSED_KEY, '1');
      return (await api.call(API.visitorPostCode, undefined, { params: { ip: 'current' } }))?.postCode ?? null;
    },
  },
  saveCopy: saveCartCopy,
  readCopy: readCartCopy,
});
