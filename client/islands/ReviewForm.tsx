import { useEffect, useState } from 'react';
import { reviewPrivacyProblem } from '../../shared/validation.ts';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { Field, FormError, field, useSubmit } from './form-kit.tsx';

/**
 * Arriving from the shop's invitation (§7 review invitation): its link ends in #write-review. Its token never
 * reaches the page: the server kept it in an HttpOnly cookie, which the review call sends (issue 35).
 */
const invitedHere = () => location.hash === '#write-review';

/** Write a review; it shows after moderation. Emails and links are refused before sending (§5). */
export default function ReviewForm({ itemId }: { itemId: number }) {
  const [sent, setSent] = useState(false);
  // Arriving from the invitation email: the form is opened, ready to write.
  useEffect(() => {
    const details = document.getElementById('write-review');
    if (invitedHere() && details instanceof HTMLDetailsElement) details.open = true;
  }, []);
  const { busy, error, setError, onSubmit } = useSubmit(async (data) => {
    const title = String(data.get('title') ?? '');
    const content = String(data.get('content') ?? '');
    const privacy = reviewPrivacyProblem(title, content);
    if (privacy) return setError(privacy);
    await api.call(API.reviewAdd, {
      itemId,
      rating: Number(data.get('rating')),
      title,
      content,
      name: field(data, 'name'),
      vehicle: field(data, 'vehicle') || undefined,
    });
    setSent(true);
  });
  if (sent)
    return (
      <p role="status" data-review-state="sent">
        Thank you. Your review will appear once we have checked it.
      </p>
    );
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate data-form="review">
      <Field label="Rating" name="rating">
        <select name="rating" defaultValue="5">
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>{`${n} star${n === 1 ? '' : 's'}`}</option>
          ))}
        </select>
      </Field>
      <Field label="Title" name="title" maxLength={100} />
      <Field label="Review" name="content">
        <textarea name="content" maxLength={2000} rows={4} required />
      </Field>
      <Field label="Your name" name="name" maxLength={50} />
      <Field label="Your vehicle (optional)" name="vehicle" required={false} maxLength={80} />
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        Submit review
      </button>
    </form>
  );
}
