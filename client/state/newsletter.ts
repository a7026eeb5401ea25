import { signal, type ReadonlySignal } from '@preact/signals-core';
import { API } from '../../shared/api-routes.ts';
import { MSG } from '../../shared/messages.ts';
import { newsletterEmailProblem, trimInput } from '../../shared/validation.ts';
import { notify as showNotice, type NoticeKind } from './notices.ts';

/**
 * The newsletter form's state machine (§4 Newsletter form, §5, §8). Pure transitions plus a small
 * signals store; no DOM and no API client import, so it runs in tests and in the Worker's SSR.
 */

/** Window event the shop fires on a client-side route or query change. */
export const ROUTE_CHANGE_EVENT = 'shop:route-change';

/** Desktop validates while typing; mobile validates on submit only. */
export type NewsletterVariant = 'desktop' | 'mobile';
/** idle → invalid (error shown) → submitting → success | failure. */
export type NewsletterStatus = 'idle' | 'invalid' | 'submitting' | 'success' | 'failure';

/** The input's value, where the form stands, and the text shown inline ('' when none). */
export interface NewsletterState {
  readonly status: NewsletterStatus;
  readonly value: string;
  readonly message: string;
}

/** The body the subscribe API expects. */
export type SubscribeBody =
  | { email: string; type: 'SUBSCRIBE'; source: 'DASHBOARD'; position: string }
  /** The cart-level variant (§3) says where in the cart the shopper subscribed instead. */
  | { email: string; source: 'CART'; subscribeSource: 'SHOPPING_CART' };

/** The position of the newsletter form on the cart page. */
export const CART_POSITION = 'cart';

/** A form that has shown nothing yet. */
export const initialNewsletterState: NewsletterState = { status: 'idle', value: '', message: '' };

/** null when the email is acceptable, else the exact §5 message (too long first, then pattern). */
export function validate(value: string): string | null {
  return newsletterEmailProblem(value);
}

/** Whether the inline text is an error (invalid input or a failed submission). */
export function isError(state: NewsletterState): boolean {
  return state.status === 'invalid' || state.status === 'failure';
}

/** The input changed: an empty or valid value clears the error; desktop shows a new one at once. */
export function typed(state: NewsletterState, value: string, variant: NewsletterVariant): NewsletterState {
  // A request in flight owns the status; its answer decides what is shown.
  if (state.status === 'submitting') return { ...state, value };
  const problem = trimInput(value) === '' ? null : validate(value);
  if (!problem) return { status: 'idle', value, message: '' };
  if (variant === 'desktop') return { status: 'invalid', value, message: problem };
  // Mobile keeps an error already shown until the value is fixed, but raises none while typing.
  return state.status === 'invalid' ? { ...state, value } : { status: 'idle', value, message: '' };
}

/** A route or query change clears whatever the form was showing, but not a request in flight. */
export function routeChanged(state: NewsletterState): NewsletterState {
  return state.status === 'submitting' ? state : { ...state, status: 'idle', message: '' };
}

/** Submit pressed: the guard (null while submitting), the validation error, or submitting. */
export function submitStarted(state: NewsletterState): NewsletterState | null {
  if (state.status === 'submitting') return null;
  const problem = validate(state.value);
  if (problem) return { status: 'invalid', value: state.value, message: problem };
  return { status: 'submitting', value: state.value, message: '' };
}

/** The server accepted the address: the input empties and the success text shows. */
export function submitSucceeded(): NewsletterState {
  return { status: 'success', value: '', message: MSG.newsletterSuccess };
}

/** The submission failed: the input keeps its value so the visitor can correct it. */
export function submitFailed(state: NewsletterState, message: string | null): NewsletterState {
  return { status: 'failure', value: state.value, message: message || MSG.newsletterFailed };
}

/** The body for an email and the form's position. */
export function subscribeBody(value: string, position: string): SubscribeBody {
  if (position === CART_POSITION) return { email: trimInput(value), source: 'CART', subscribeSource: 'SHOPPING_CART' };
  return { email: trimInput(value), type: 'SUBSCRIBE', source: 'DASHBOARD', position };
}

/** The refusal in a 200 answer (`errorStatus` true), or null when the address was accepted. */
export function answerProblem(data: unknown): string | null {
  const answer = data as { errorStatus?: unknown; errorText?: unknown } | null | undefined;
  if (answer?.errorStatus !== true) return null;
  return typeof answer.errorText === 'string' && answer.errorText.trim() ? answer.errorText : MSG.newsletterFailed;
}

/** The server's words from an API rejection without the 'email ' field prefix; null when none. */
export function rejectionMessage(error: unknown): string | null {
  const rejection = error as { msg?: unknown; code?: unknown } | null | undefined;
  // A network error's msg is the browser's ("Failed to fetch"), not the server's: use the fallback.
  if (!rejection || typeof rejection !== 'object' || rejection.code === 'NETWORK') return null;
  if (typeof rejection.msg !== 'string') return null;
  const text = rejection.msg.replace(/^email\s+/i, '').trim();
  return text || null;
}

/** What a form store needs from outside: the API client's call and the notice host. */
export interface NewsletterDeps {
  variant: NewsletterVariant;
  position: string;
  call: (route: typeof API.subscribe, body: SubscribeBody) => Promise<unknown>;
  notify?: (text: string, kind: NoticeKind) => unknown;
  /** Called with the email after a successful subscription (the email-marketing adapter). */
  onSubscribed?: (email: string) => void;
}

/** One form's store. */
export interface NewsletterStore {
  readonly state: ReadonlySignal<NewsletterState>;
  input(value: string): void;
  submit(): Promise<void>;
  routeChange(): void;
}

/** A store per form, so the footer band, the mobile block and the modal never share an error. */
export function createNewsletterStore(deps: NewsletterDeps): NewsletterStore {
  const state = signal<NewsletterState>(initialNewsletterState);
  const notify = deps.notify ?? showNotice;
  return {
    state,
    input(value) {
      state.value = typed(state.value, value, deps.variant);
    },
    async submit() {
      const next = submitStarted(state.value);
      if (!next) return;
      state.value = next;
      if (next.status !== 'submitting') return;
      let problem: string | null;
      try {
        problem = answerProblem(await deps.call(API.subscribe, subscribeBody(next.value, deps.position)));
      } catch (error) {
        problem = rejectionMessage(error) ?? MSG.newsletterFailed;
      }
      if (problem) {
        state.value = submitFailed(state.value, problem);
        return;
      }
      state.value = submitSucceeded();
      notify(MSG.newsletterSuccess, 'success');
      deps.onSubscribed?.(next.value);
    },
    routeChange() {
      state.value = routeChanged(state.value);
    },
  };
}
