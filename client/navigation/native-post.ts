/**
 * Posts `body` to `url` as a plain HTML form would, so the browser loads the answer; false when the body holds
 * a file, which no hidden field can carry.
 */
export function postFormNatively(document: Document, url: URL, body: FormData | URLSearchParams): boolean {
  const fields = [...body];
  if (fields.some(([, value]) => typeof value !== 'string')) return false;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url.href;
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value as string;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return true;
}
