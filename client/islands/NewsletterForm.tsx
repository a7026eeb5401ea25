import { addToMarketingList } from '../state/email-marketing.ts';
import { useEffect, useState, type FormEvent } from 'react';
import type { API } from '../../shared/api-routes.ts';
import { NEWSLETTER_INPUT_MAX_LENGTH } from '../../shared/constants.ts';
import {
  ROUTE_CHANGE_EVENT,
  createNewsletterStore,
  isError,
  type NewsletterVariant,
  type SubscribeBody,
} from '../state/newsletter.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface NewsletterFormProps {
  variant: NewsletterVariant;
  position: string;
  inputId: string;
}

// The API client reads the document when it loads, so it is fetched on first submit: this
// module is also rendered by the Worker, where there is no document.
async function call(route: typeof API.subscribe, body: SubscribeBody): Promise<unknown> {
  const { api } = await import('../api.ts');
  return api.call(route, body);
}

/** The newsletter form (§4): footer band, mobile footer block and the subscribe modal. */
export default function NewsletterForm({ variant, position, inputId }: NewsletterFormProps) {
  const [store] = useState(() => createNewsletterStore({ variant, position, call, onSubscribed: addToMarketingList }));
  const state = useSignalValue(store.state);

  useEffect(() => {
    const clear = () => store.routeChange();
    addEventListener('popstate', clear);
    addEventListener(ROUTE_CHANGE_EVENT, clear);
    return () => {
      removeEventListener('popstate', clear);
      removeEventListener(ROUTE_CHANGE_EVENT, clear);
    };
  }, [store]);

  function submit(event: FormEvent<HTMLFormElement>) {
    // Handled here, so the global loading bar (which skips prevented submits) stays off.
    event.preventDefault();
    void store.submit();
  }

  const errorId = `${inputId}-error`;
  const error = isError(state);
  const submitting = state.status === 'submitting';
  return (
    <form
      className="newsletter-form"
      data-newsletter-form={position}
      data-variant={variant}
      noValidate
      onSubmit={submit}
      aria-busy={submitting}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {m.newsletter_email_label()}
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={variant === 'desktop' ? NEWSLETTER_INPUT_MAX_LENGTH : undefined}
        placeholder={m.newsletter_placeholder()}
        value={state.value}
        onChange={(event) => store.input(event.target.value)}
        aria-invalid={error}
        aria-describedby={errorId}
      />
      <button type="submit" disabled={submitting}>
        {submitting ? m.newsletter_subscribing() : m.newsletter_subscribe()}
      </button>
      {/* Both regions are always in the page so screen readers announce text put into them. */}
      <p id={errorId} className="newsletter-form__error" role="alert">
        {error ? state.message : ''}
      </p>
      <p className="newsletter-form__success" role="status">
        {state.status === 'success' ? state.message : ''}
      </p>
    </form>
  );
}
