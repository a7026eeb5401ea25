import { loading } from '../state/loading.ts';
import { useSignalValue } from '../state/signal-hook.ts';

/** The global loading indicator shown during route changes. */
export default function LoadingBar() {
  const active = useSignalValue(loading);
  return (
    <div
      className={active ? 'loading-bar loading-bar--active' : 'loading-bar'}
      role="progressbar"
      aria-hidden={!active}
      aria-label="Loading"
    />
  );
}
