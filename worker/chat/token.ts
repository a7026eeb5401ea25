/**
 * A shopper's conversation token: `<conversation id>.<expiry in seconds>.<HMAC-SHA256>`, signed with
 * AUTH_SECRET. It is answered when a chat starts and is the only thing that opens the conversation's
 * socket, its history, its end and its transcript: a shopper can join only their own conversation.
 */
import { CHAT_LIMITS } from '../../shared/chat.ts';

const encoder = new TextEncoder();
const CONVERSATION_ID = /^[0-9a-f]{32}$/;

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{40,60}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

const signed = (conversationId: string, expires: number) => encoder.encode(`chat:${conversationId}:${expires}`);

/** A new conversation id: 128 random bits as hex (also the Durable Object's name). */
export function newConversationId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Signs a token that opens this conversation for CHAT_LIMITS.tokenDays. */
export async function signChatToken(secret: string, conversationId: string, now: number): Promise<string> {
  const expires = Math.floor(now / 1000) + CHAT_LIMITS.tokenDays * 86_400;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), signed(conversationId, expires));
  return `${conversationId}.${expires}.${base64url(signature)}`;
}

/** The conversation a token opens, or null when it is malformed, forged or expired (verified in constant time). */
export async function conversationOfToken(secret: string, token: string, now: number): Promise<string | null> {
  const [conversationId = '', expiresText = '', signatureText = ''] = token.split('.');
  const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : 0;
  const signature = fromBase64url(signatureText);
  if (!CONVERSATION_ID.test(conversationId) || !signature || expires * 1000 <= now) return null;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, signed(conversationId, expires));
  return valid ? conversationId : null;
}
