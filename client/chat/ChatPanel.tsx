import { useEffect, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import type { ChatConfig } from '../../shared/api/chat.ts';
import { CHAT_TOKEN_KEY } from '../../shared/chat.ts';
import type { ApiRejection } from '../../shared/envelope.ts';
import { api } from '../api.ts';
import { whereabouts } from './context.ts';
import { LiveChat } from './LiveChat.tsx';
import { OfflineForm } from './OfflineForm.tsx';

const savedToken = () => localStorage.getItem(CHAT_TOKEN_KEY);

/**
 * The launcher's panel: rejoins the conversation this browser has open (its token), or asks the
 * config call (§7) whether agents are online and offers a chat or the offline message.
 */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const [token, setToken] = useState<string | null>(savedToken);
  const [config, setConfig] = useState<ChatConfig | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (token) return;
    api
      .call(API.chatConfig)
      .then(setConfig)
      .catch((error: ApiRejection) => setProblem(error.msg));
  }, [token]);

  const start = async () => {
    try {
      const chat = await api.call(API.chatStart, whereabouts());
      localStorage.setItem(CHAT_TOKEN_KEY, chat.token);
      setToken(chat.token);
    } catch (error) {
      const rejection = error as ApiRejection;
      // Agents went offline meanwhile (409): the offline form takes over.
      if (rejection.code === 409 && config) setConfig({ ...config, online: false });
      else setProblem(rejection.msg);
    }
  };

  return (
    <section className="chat-panel" role="dialog" aria-label="Live chat" data-chat="panel">
      <header className="chat-panel__head">
        <strong>Live chat</strong>
        <button type="button" className="chat-panel__close" onClick={onClose} aria-label="Close chat">
          ×
        </button>
      </header>
      {problem && <p role="alert">{problem}</p>}
      {token ? (
        <LiveChat token={token} onEnded={() => localStorage.removeItem(CHAT_TOKEN_KEY)} />
      ) : !config ? (
        <p role="status">Loading…</p>
      ) : config.online ? (
        <div className="chat-start" data-chat="start">
          <p>{config.welcomeText}</p>
          <p className="muted">
            {config.expectedWaitMinutes
              ? `Expected wait: about ${config.expectedWaitMinutes} minutes`
              : 'An agent is available now'}
          </p>
          <button type="button" className="button" onClick={start}>
            Start chat
          </button>
        </div>
      ) : (
        <>
          <p className="muted">{`Support hours: ${config.supportHours}`}</p>
          <OfflineForm email={config.email} />
        </>
      )}
    </section>
  );
}
