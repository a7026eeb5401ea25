import { type ComponentType, useEffect, useState } from 'react';
import { CHAT_OPEN_ATTRIBUTE, CHAT_OPEN_EVENT, CHAT_TOKEN_KEY } from '../../shared/chat.ts';
import * as m from '../../shared/i18n/generated/messages.js';

type Panel = ComponentType<{ onClose: () => void }>;

/**
 * The chat launcher (issue 24): a button the server renders, hydrated when the browser is idle
 * (never part of the first page's JavaScript); its panel's code is fetched on the first open.
 * The footer's "Live chat" link and the §8 network-error notice open it: any element with
 * `data-live-chat`, or the `shop:open-chat` event.
 */
export default function ChatLauncher() {
  const [Panel, setPanel] = useState<Panel | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const show = () => {
      setOpen(true);
      import('../chat/ChatPanel.tsx').then((module) => setPanel(() => module.default));
    };
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.(`[${CHAT_OPEN_ATTRIBUTE}]`);
      if (!target || target.closest('[data-chat]')) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('click', onClick);
    document.addEventListener(CHAT_OPEN_EVENT, show);
    if (localStorage.getItem(CHAT_TOKEN_KEY)) show();
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener(CHAT_OPEN_EVENT, show);
    };
  }, []);

  return (
    <div className="chat-launcher" data-chat-launcher={open ? 'open' : 'closed'}>
      {open && Panel && <Panel onClose={() => setOpen(false)} />}
      {!open && (
        <a className="chat-launcher__button button" href="/help/feedback" data-live-chat="launcher">
          {m.footer_live_chat()}
        </a>
      )}
    </div>
  );
}
