/**
 * The agents' live console script, served as /admin/chat/agent.js (the console has no bundle of its
 * own; CSP allows scripts from the shop itself). On every chat page it keeps the agent's presence
 * socket open (online or away; closing the tab is offline) and shows new waiting chats; on a
 * conversation it opens the conversation's socket: messages appear as they come (as text, never
 * markup; images as thumbnails linking to the full image), the reply form sends through the socket,
 * and the shopper's typing shows. Without it every form still works by plain POST.
 */
export const AGENT_SCRIPT = `(() => {
  const root = document.querySelector('[data-chat-console]');
  if (!root) return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socketTo = (path) => new WebSocket(scheme + '//' + location.host + path);
  const status = document.querySelector('[data-presence-status]');
  const select = document.querySelector('[data-presence-choice]');
  let presence = null;
  const openPresence = () => {
    presence = socketTo('/admin/chat/presence');
    presence.addEventListener('open', () => {
      if (status) status.textContent = 'Connected: ' + (select ? select.value : 'online');
      if (select && select.value !== 'online') presence.send(JSON.stringify({ presence: select.value }));
    });
    presence.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'waiting' && root.dataset.chatConsole === 'inbox') location.reload();
      if (frame.type === 'waiting' && status) status.textContent = 'A new chat is waiting.';
    });
    presence.addEventListener('close', () => {
      if (status) status.textContent = 'Offline: reconnecting…';
      setTimeout(openPresence, 2000);
    });
  };
  openPresence();
  if (select) select.addEventListener('change', () => presence.send(JSON.stringify({ presence: select.value })));

  const id = root.dataset.conversation;
  const list = document.querySelector('[data-transcript]');
  if (!id || !list) return;
  const typing = document.querySelector('[data-typing]');
  const form = document.querySelector('[data-reply-form]');
  const textOf = (message) => {
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = message.text;
    return text;
  };
  const imageOf = (message) => {
    const href = '/admin/chat/' + id + '/images/' + message.seq;
    const link = document.createElement('a');
    link.className = 'chat-image';
    link.href = href;
    link.target = '_blank';
    link.rel = 'noopener';
    link.dataset.chatImage = '';
    const image = document.createElement('img');
    image.src = href;
    image.alt = message.image.name;
    image.width = 160;
    link.append(image);
    return link;
  };
  const seen = new Set([...list.querySelectorAll('[data-seq]')].map((item) => item.dataset.seq));
  const append = (message) => {
    if (seen.has(String(message.seq))) return;
    seen.add(String(message.seq));
    const item = document.createElement('li');
    item.dataset.seq = String(message.seq);
    item.dataset.author = message.author;
    const who = document.createElement('span');
    who.className = 'muted';
    who.textContent = new Date(message.createdAt).toISOString().slice(0, 16).replace('T', ' ') + ' · ' +
      (message.authorName || message.author) + ': ';
    item.append(who, message.image ? imageOf(message) : textOf(message));
    list.append(item);
  };
  let conversation = null;
  const openConversation = () => {
    conversation = socketTo('/admin/chat/' + id + '/socket');
    conversation.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'history') frame.messages.forEach(append);
      if (frame.type === 'message') {
        append(frame.message);
        const read = { type: 'read', seq: frame.message.seq };
        if (frame.message.author === 'shopper') conversation.send(JSON.stringify(read));
      }
      if (frame.type === 'typing' && frame.author === 'shopper' && typing) {
        typing.textContent = 'The shopper is typing…';
        setTimeout(() => { typing.textContent = ''; }, 3000);
      }
      if (frame.type === 'status') document.querySelector('[data-status]').textContent = frame.status +
        (frame.agentName ? ' · ' + frame.agentName : '');
    });
    conversation.addEventListener('close', () => setTimeout(openConversation, 2000));
  };
  openConversation();
  if (!form) return;
  const field = form.querySelector('textarea[name="text"]');
  const canned = form.querySelector('select[name="canned"]');
  // One typing frame every two seconds at most, as the shopper's launcher sends (the conversation drops more).
  let typedAt = 0;
  field.addEventListener('input', () => {
    if (Date.now() - typedAt < 2000 || conversation.readyState !== WebSocket.OPEN) return;
    typedAt = Date.now();
    conversation.send(JSON.stringify({ type: 'typing' }));
  });
  form.addEventListener('submit', (event) => {
    if (canned && canned.value) return;
    if (!conversation || conversation.readyState !== WebSocket.OPEN || !field.value.trim()) return;
    event.preventDefault();
    conversation.send(JSON.stringify({ type: 'message', text: field.value, clientId: String(Date.now()) }));
    field.value = '';
  });
})();
`;
