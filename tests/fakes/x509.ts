/**
 * A self-signed X.509 certificate for a fresh RSA key, built with WebCrypto and a few lines of DER
 * (RFC 5280): what the PayPal fake serves at its PAYPAL-CERT-URL, so the shop's verifier reads a real
 * certificate and checks a real SHA256withRSA signature, with no key material kept in the repository.
 */

const bytes = (...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

function der(tag: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const content = bytes(...parts);
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return bytes([tag], length, content);
}
const seq = (...parts: Uint8Array[]) => der(0x30, ...parts);
const set = (...parts: Uint8Array[]) => der(0x31, ...parts);
const int = (value: number) => der(0x02, new Uint8Array([value & 0x7f]));
const utf8 = (text: string) => der(0x0c, new TextEncoder().encode(text));
const nullValue = new Uint8Array([0x05, 0x00]);

function oid(dotted: string): Uint8Array {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a! + b!];
  for (const part of rest) {
    const digits = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) digits.unshift((value & 0x7f) | 0x80);
    out.push(...digits);
  }
  return der(0x06, new Uint8Array(out));
}

function utcTime(ms: number): Uint8Array {
  const text = new Date(ms).toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return der(0x17, new TextEncoder().encode(`${text}Z`));
}

const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${btoa(String.fromCharCode(...der))
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;

/** A new RSA key pair and its self-signed certificate (PEM), valid from an hour ago for `days`. */
export async function selfSignedCertificate(commonName: string, days = 30) {
  const keys = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey('spki', keys.publicKey)) as ArrayBuffer);
  const algorithm = seq(oid('1.2.840.113549.1.1.11'), nullValue);
  const name = seq(set(seq(oid('2.5.4.3'), utf8(commonName))));
  const now = Date.now();
  const tbs = seq(
    der(0xa0, int(2)),
    int(1),
    algorithm,
    name,
    seq(utcTime(now - 3600_000), utcTime(now + days * 86_400_000)),
    name,
    spki,
  );
  const signature = new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', keys.privateKey, tbs));
  const certificate = seq(tbs, algorithm, der(0x03, new Uint8Array([0]), signature));
  return { privateKey: keys.privateKey, pem: pem(certificate) };
}
