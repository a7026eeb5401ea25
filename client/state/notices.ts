import { signal } from '@preact/signals-core';
import { NOTICE_AUTO_CLOSE_MS } from '../../shared/constants.ts';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** The notice offers the live chat (the network-error notice of §8). */
  liveChat?: boolean;
}

/** The notices on screen; each closes by itself after 1.5 s (§9). */
export const notices = signal<readonly Notice[]>([]);
let nextId = 1;

export function notify(
  text: string,
  kind: NoticeKind = 'info',
  closeAfterMs = NOTICE_AUTO_CLOSE_MS,
  options: { liveChat?: boolean } = {},
): number {
  const id = nextId++;
  notices.value = [...notices.value, { id, kind, text, ...(options.liveChat && { liveChat: true }) }];
  setTimeout(() => dismiss(id), closeAfterMs);
  return id;
}

export function dismiss(id: number): void {
  notices.value = notices.value.filter((notice) => notice.id !== id);
}

/** Where a notice waits for the next page (a choice that navigates, such as a vehicle's parts page). */
const CARRIED_KEY = 'carried-notice';

/** Shows a notice on the next page the browser opens in this tab (and not here). */
export function carryNotice(text: string, kind: NoticeKind = 'success'): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ text, kind }));
  } catch {
    // Storage refused (private mode, full): the next page simply has no notice.
  }
}

/** Shows the notice carried from the previous page, once. */
export function showCarriedNotice(): void {
  try {
    const carried = sessionStorage.getItem(CARRIED_KEY);
    if (!carried) return;
    sessionStorage.removeItem(CARRIED_KEY);
    const { text, kind } = JSON.parse(carried) as { text?: unknown; kind?: NoticeKind };
    if (typeof text === 'string' && text) notify(text, kind ?? 'success');
  } catch {
    // A carried notice that cannot be read is dropped.
  }
}
