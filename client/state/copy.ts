/**
 * Copying a text for the shopper (§8 clipboard copy): the Clipboard API, and where it is missing or
 * refused (an older phone browser, a page not allowed the clipboard) the older copy command on a hidden
 * field. Answers how it went: 'clipboard', 'fallback', or null when neither copied (a failure is silent).
 */
export async function copyText(text: string): Promise<'clipboard' | 'fallback' | null> {
  try {
    if (!navigator.clipboard) throw new Error('no Clipboard API');
    await navigator.clipboard.writeText(text);
    return 'clipboard';
  } catch {
    return copyByCommand(text) ? 'fallback' : null;
  }
}

function copyByCommand(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
