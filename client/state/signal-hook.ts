import type { ReadonlySignal } from '@preact/signals-core';
import { useSyncExternalStore } from 'react';

/** Reads a signal inside a React island and re-renders when it changes. */
export function useSignalValue<T>(signal: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => signal.subscribe(onChange),
    () => signal.value,
    () => signal.value,
  );
}
