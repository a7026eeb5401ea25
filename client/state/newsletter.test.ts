import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  createNewsletterStore,
  initialNewsletterState,
  isError,
  rejectionMessage,
  routeChanged,
  submitFailed,
  submitStarted,
  submitSucceeded,
  subscribeBody,
  typed,
  validate,
  type NewsletterState,
  type NewsletterVariant,
  type SubscribeBody,
} from './newsletter.ts';
import { MSG } from '../../shared/messages.ts';

const VALID = 'driver@example.com';
/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - 12)}@example.com`;
const at = (status: NewsletterState['status'], value = '', message = ''): NewsletterState => ({
  status,
  value,
  message,
});

describe('validate', () => {
  it('uses the exact §5 messages, length first', () => {
    expect(validate(VALID)).toBeNull();
    expect(validate(emailOfLength(55))).toBeNull();
    expect(validate(emailOfLength(56))).toBe('Only can enter up to 55 characters');
    expect(validate('not-an-email')).toBe('Please enter a valid email address');
    expect(validate('')).toBe(MSG.newsletterInvalidEmail);
  });
});

describe('typing', () => {
  it('desktop: invalid shows the error, empty or valid clears it', () => {
    const invalid = typed(initialNewsletterState, 'abc', 'desktop');
    expect(invalid).toEqual(at('invalid', 'abc', MSG.newsletterInvalidEmail));
    expect(isError(invalid)).toBe(true);
    expect(typed(invalid, '', 'desktop')).toEqual(at('idle'));
    expect(typed(invalid, '   ', 'desktop')).toEqual(at('idle', '   '));
    expect(typed(invalid, VALID, 'desktop')).toEqual(at('idle', VALID));
    expect(typed(initialNewsletterState, emailOfLength(56), 'desktop').message).toBe(MSG.newsletterTooLong);
  });

  it('mobile: raises no error while typing, keeps a shown one until fixed or emptied', () => {
    expect(typed(initialNewsletterState, 'abc', 'mobile')).toEqual(at('idle', 'abc'));
    const shown = at('invalid', 'abc', MSG.newsletterInvalidEmail);
    expect(typed(shown, 'abcd', 'mobile')).toEqual(at('invalid', 'abcd', MSG.newsletterInvalidEmail));
    expect(typed(shown, VALID, 'mobile')).toEqual(at('idle', VALID));
    expect(typed(shown, '', 'mobile')).toEqual(at('idle'));
  });

  it('typing after a result clears the success or failure text', () => {
    for (const variant of ['desktop', 'mobile'] as NewsletterVariant[]) {
      expect(typed(submitSucceeded(), 'd', variant).message).toBe(
        variant === 'desktop' ? MSG.newsletterInvalidEmail : '',
      );
      expect(typed(at('failure', VALID, 'Nope'), VALID, variant)).toEqual(at('idle', VALID));
    }
  });

  it('while submitting only the value changes', () => {
    expect(typed(at('submitting', VALID), 'x', 'desktop')).toEqual(at('submitting', 'x'));
  });
});

describe('route or query change', () => {
  it('clears the error and the result texts, keeps the value, leaves a request in flight alone', () => {
    expect(routeChanged(at('invalid', 'abc', MSG.newsletterInvalidEmail))).toEqual(at('idle', 'abc'));
    expect(routeChanged(at('failure', VALID, MSG.newsletterFailed))).toEqual(at('idle', VALID));
    expect(routeChanged(submitSucceeded())).toEqual(at('idle'));
    const inFlight = at('submitting', VALID);
    expect(routeChanged(inFlight)).toBe(inFlight);
  });
});

describe('submitting', () => {
  it('validates, guards and ends in success or failure', () => {
    expect(submitStarted(at('idle', 'abc'))).toEqual(at('invalid', 'abc', MSG.newsletterInvalidEmail));
    expect(submitStarted(at('idle', emailOfLength(56)))?.message).toBe(MSG.newsletterTooLong);
    expect(submitStarted(at('idle', VALID))).toEqual(at('submitting', VALID));
    expect(submitStarted(at('failure', VALID, 'x'))).toEqual(at('submitting', VALID));
    expect(submitStarted(at('submitting', VALID))).toBeNull();
    expect(submitSucceeded()).toEqual(at('success', '', 'Subscription successful'));
    expect(submitFailed(at('submitting', VALID), 'No')).toEqual(at('failure', VALID, 'No'));
    expect(submitFailed(at('submitting', VALID), null).message).toBe('Failed to subscription, Please try again later');
  });

  it('builds the API body, trimmed', () => {
    expect(subscribeBody(`  ${VALID} `, 'footer')).toEqual({
      email: VALID,
      type: 'SUBSCRIBE',
      source: 'DASHBOARD',
      position: 'footer',
    });
    // The cart-level variant carries email, source and subscribeSource (§3).
    expect(subscribeBody(VALID, 'cart')).toEqual({ email: VALID, source: 'CART', subscribeSource: 'SHOPPING_CART' });
  });

  it('reads the server refusal and the rejection message', () => {
    expect(answerProblem({ errorStatus: false, errorText: '' })).toBeNull();
    expect(answerProblem(null)).toBeNull();
    expect(answerProblem({ errorStatus: true, errorText: 'Blocked' })).toBe('Blocked');
    expect(answerProblem({ errorStatus: true, errorText: '' })).toBe(MSG.newsletterFailed);
    expect(rejectionMessage({ data: null, msg: 'email Please enter a valid email address', code: 400 })).toBe(
      MSG.newsletterInvalidEmail,
    );
    expect(rejectionMessage({ data: null, msg: 'Too many requests', code: 429 })).toBe('Too many requests');
    expect(rejectionMessage({ data: null, msg: 'Failed to fetch', code: 'NETWORK' })).toBeNull();
    expect(rejectionMessage({ data: null, msg: '', code: 500 })).toBeNull();
    expect(rejectionMessage(new TypeError('boom'))).toBeNull();
    expect(rejectionMessage(undefined)).toBeNull();
  });
});

/** A store whose post answers with `answer` (a function may throw) and records calls and notices. */
function storeWith(variant: NewsletterVariant, answer: () => Promise<unknown>) {
  const calls: Array<[string, SubscribeBody]> = [];
  const notices: Array<[string, string]> = [];
  const store = createNewsletterStore({
    variant,
    position: 'footer',
    call: (route, body) => {
      calls.push([route.path, body]);
      return answer();
    },
    notify: (text, kind) => notices.push([text, kind]),
  });
  return { store, calls, notices };
}

describe('createNewsletterStore', () => {
  it('success: posts once, clears the input, notifies and shows the text', async () => {
    const { store, calls, notices } = storeWith('desktop', async () => ({ errorStatus: false, errorText: '' }));
    store.input(` ${VALID}`);
    await store.submit();
    expect(calls).toEqual([
      ['/account/public/buyer/subscribe', { email: VALID, type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' }],
    ]);
    expect(store.state.value).toEqual(at('success', '', MSG.newsletterSuccess));
    expect(notices).toEqual([[MSG.newsletterSuccess, 'success']]);
  });

  it('guard: a second submit while the first is in flight sends nothing', async () => {
    let release!: (value: unknown) => void;
    const { store, calls } = storeWith(
      'desktop',
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    store.input(VALID);
    const first = store.submit();
    expect(store.state.value.status).toBe('submitting');
    await store.submit();
    expect(calls).toHaveLength(1);
    release({ errorStatus: false, errorText: '' });
    await first;
    expect(store.state.value.status).toBe('success');
  });

  it('an invalid value is not sent; on mobile too', async () => {
    const { store, calls } = storeWith('mobile', async () => null);
    store.input('abc');
    expect(store.state.value.status).toBe('idle');
    await store.submit();
    expect(calls).toHaveLength(0);
    expect(store.state.value).toEqual(at('invalid', 'abc', MSG.newsletterInvalidEmail));
    store.input('');
    expect(store.state.value).toEqual(at('idle'));
  });

  it("failure shows errorText, the rejection's message or the fallback, and keeps the input", async () => {
    const cases: Array<[() => Promise<unknown>, string]> = [
      [
        async () => ({ errorStatus: true, errorText: 'This address cannot subscribe' }),
        'This address cannot subscribe',
      ],
      [
        () => Promise.reject({ data: null, msg: 'email Please enter a valid email address', code: 400 }),
        MSG.newsletterInvalidEmail,
      ],
      [() => Promise.reject({ data: null, msg: 'Failed to fetch', code: 'NETWORK' }), MSG.newsletterFailed],
      [() => Promise.reject(new Error('chunk failed')), MSG.newsletterFailed],
    ];
    for (const variant of ['desktop', 'mobile'] as NewsletterVariant[]) {
      for (const [answer, message] of cases) {
        const { store, notices } = storeWith(variant, answer);
        store.input(VALID);
        await store.submit();
        expect(store.state.value).toEqual(at('failure', VALID, message));
        expect(notices).toEqual([]);
      }
    }
  });

  it('routeChange clears a shown error', () => {
    const { store } = storeWith('desktop', async () => null);
    store.input('abc');
    expect(isError(store.state.value)).toBe(true);
    store.routeChange();
    expect(store.state.value).toEqual(at('idle', 'abc'));
  });
});

describe('email-marketing adapter hook', () => {
  it('hands the email to the adapter after a successful subscription only', async () => {
    const handed: string[] = [];
    const ok = createNewsletterStore({
      variant: 'desktop',
      position: 'footer',
      call: async () => ({ errorStatus: false, errorText: '' }),
      notify: () => undefined,
      onSubscribed: (email) => handed.push(email),
    });
    ok.input('list@example.com');
    await ok.submit();
    const failing = createNewsletterStore({
      variant: 'desktop',
      position: 'footer',
      call: async () => ({ errorStatus: true, errorText: 'no' }),
      notify: () => undefined,
      onSubscribed: (email) => handed.push(email),
    });
    failing.input('other@example.com');
    await failing.submit();
    expect(handed).toEqual(['list@example.com']);
  });
});
