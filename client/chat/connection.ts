import { CHAT_SOCKET_PATH, type ChatClientFrame, type ChatServerFrame } from '../../shared/chat.ts';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ChatConnection {
  send(frame: ChatClientFrame): boolean;
  close(): void;
}

/** Waits 1, 2, 4 ... up to 10 seconds between attempts. */
const backoff = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt);

/**
 * The shopper's socket to their conversation, reopened after a dropped connection; each (re)open
 * starts with the server's history frame, so nothing said meanwhile is lost. A refused token (the
 * socket never opens) ends the attempts.
 */
export function connectChat(
  token: string,
  onFrame: (frame: ChatServerFrame) => void,
  onState: (state: ConnectionState) => void,
): ChatConnection {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const current = new WebSocket(`${scheme}//${location.host}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(token)}`);
    socket = current;
    let opened = false;
    current.addEventListener('open', () => {
      opened = true;
      attempt = 0;
      onState('open');
    });
    current.addEventListener('message', (event) => {
      try {
        onFrame(JSON.parse(String(event.data)) as ChatServerFrame);
      } catch {
        // Not a frame of ours.
      }
    });
    current.addEventListener('close', () => {
      if (stopped) return;
      if (!opened && attempt >= 3) {
        onState('closed');
        return;
      }
      onState('reconnecting');
      timer = setTimeout(open, backoff(attempt++));
    });
  };

  onState('connecting');
  open();
  return {
    send(frame) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000);
    },
  };
}
