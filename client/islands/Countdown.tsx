import { useEffect, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';

export interface CountdownProps {
  /** ISO 8601 time the offer ends (or starts, with a "Starts in" label). */
  endsAt: string;
  /** The server's time of rendering, so the first browser render matches the HTML. */
  now: number;
  label: string;
  /** Shown once the time is reached. */
  endedText: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "2d 04h 09m 12s" ("2 j 04 h 09 min 12 s" in French): days only when there are some. */
export function remaining(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const [hours, minutes] = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60)];
  const clock = m.countdown_clock({ hours: pad(hours), minutes: pad(minutes), seconds: pad(seconds % 60) });
  return days > 0 ? m.countdown_days({ days, clock }) : clock;
}

/** A timed offer's countdown, ticking each second in the browser; the ended text once it is over. */
export default function Countdown({ endsAt, now, label, endedText }: CountdownProps) {
  const end = Date.parse(endsAt);
  const [at, setAt] = useState(now);
  useEffect(() => {
    setAt(Date.now());
    const timer = setInterval(() => setAt(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (at >= end)
    return (
      <span className="countdown countdown--ended" data-countdown="ended">
        {endedText}
      </span>
    );
  return (
    <span className="countdown" data-countdown="running">
      {label}{' '}
      <time dateTime={endsAt} role="timer" aria-live="off">
        {remaining(end - at)}
      </time>
    </span>
  );
}
