import { signal } from '@preact/signals-core';
import { NOTICE_AUTO_CLOSE_MS } from '../../shared/constants.ts';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

/** The notices on screen; each closes by itself after 1.5 s (§9). */
export const notices = signal<readonly Notice[]>([]);
let nextId = 1;

export function notify(text: string, kind: NoticeKind = 'info', closeAfterMs = NOTICE_AUTO_CLOSE_MS): number {
  const id = nextId++;
  notices.value = [...notices.value, { id, kind, text }];
  setTimeout(() => dismiss(id), closeAfterMs);
  return id;
}

export function dismiss(id: number): void {
  notices.value = notices.value.filter((notice) => notice.id !== id);
}
