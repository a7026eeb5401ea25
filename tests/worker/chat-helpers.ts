import { expect } from 'vitest';
import type { ChatServerFrame } from '../../shared/chat.ts';
import { shop, US_HOST } from './helpers.ts';

/** The shopper's chat calls. */
export const CHAT = `${US_HOST}/customer/public/online-customer`;

/** The smallest PNG there is (1x1). */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

/** Opens a chat WebSocket through the app and keeps the frames it receives. */
export async function socket(url: string, headers: Record<string, string> = {}) {
  const response = await shop(url, { headers: { upgrade: 'websocket', ...headers } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: ChatServerFrame[] = [];
  ws.addEventListener('message', (event) => {
    frames.push(JSON.parse(event.data as string));
  });
  /** Waits (up to 5 s) for a frame that matches. */
  const next = async (test: (frame: ChatServerFrame) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = frames.find(test);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no such frame');
  };
  return { ws, frames, next };
}
