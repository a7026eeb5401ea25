/**
 * An evidence file's bytes as a response (issue 20): its stored type, inline, never sniffed, a
 * byte range (206) when one was asked, so a video plays and seeks in the page. The shopper's
 * signed link and the console's own link answer the same way, with their own caching.
 */
export function evidenceFileResponse(
  found: { object: R2ObjectBody; contentType: string },
  ranged: boolean,
  cacheControl: string,
): Response {
  const { object, contentType } = found;
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Accept-Ranges': 'bytes',
    ETag: object.httpEtag,
  });
  if (ranged && object.range && 'offset' in object.range && object.range.offset !== undefined) {
    const offset = object.range.offset;
    const end = offset + (object.range.length ?? object.size - offset) - 1;
    headers.set('Content-Range', `bytes ${offset}-${end}/${object.size}`);
    return new Response(object.body, { status: 206, headers });
  }
  return new Response(object.body, { status: 200, headers });
}
