import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../../shared/routing/control-signals.ts';
import type { FormFields } from '../definition/action.ts';

/** Largest form body accepted (413 above it). */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;
/** Most fields accepted in one form (400 above it). */
export const MAX_FORM_FIELDS = 1000;
/** A body that has not fully arrived by then is abandoned with 408 (slow or stalled clients). */
export const FORM_BODY_TIMEOUT_MS = 5_000;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Reads and parses a form post: only urlencoded and multipart bodies (415), at most 1 MiB (413), 1000
 * flat fields (400; `a[b]` nesting is refused) and FORM_BODY_TIMEOUT_MS (408). Fields land in a
 * null-prototype object, so no field name can reach Object.prototype.
 */
export async function readFormBody(request: Request, timeoutMs = FORM_BODY_TIMEOUT_MS): Promise<FormFields> {
  if (!request.is(FORM_TYPES)) {
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data');
  }
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > MAX_FORM_BODY_BYTES) throw new HttpError(413, 'The form is larger than 1 MiB');
  const body = await readBody(request, timeoutMs);
  const fields = request.is('multipart/form-data')
    ? await parseMultipart(request, body)
    : parseUrlEncoded(body);
  return fields;
}

function readBody(request: Request, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: HttpError | null) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      if (!error) return resolve(Buffer.concat(chunks));
      // Stop reading what the client still sends; the response closes the connection.
      request.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BODY_BYTES) finish(new HttpError(413, 'The form is larger than 1 MiB'));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new HttpError(400, 'The form body could not be read'));
    const timer = setTimeout(() => finish(new HttpError(408, 'The form took too long to arrive')), timeoutMs);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

function addField(
  fields: Record<string, string>,
  count: { value: number },
  name: string,
  value: string,
): void {
  count.value += 1;
  if (count.value > MAX_FORM_FIELDS)
    throw new HttpError(400, `A form may have at most ${MAX_FORM_FIELDS} fields`);
  if (/[[\]]/.test(name))
    throw new HttpError(400, `Nested field names such as "${name.slice(0, 40)}" are not accepted`);
  fields[name] = value;
}

function parseUrlEncoded(body: Buffer): FormFields {
  const fields: Record<string, string> = Object.create(null);
  const count = { value: 0 };
  for (const [name, value] of new URLSearchParams(body.toString('utf8')))
    addField(fields, count, name, value);
  return fields;
}

function parseMultipart(request: Request, body: Buffer): Promise<FormFields> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null);
    const count = { value: 0 };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { fields: MAX_FORM_FIELDS, files: 0, fieldSize: MAX_FORM_BODY_BYTES, parts: MAX_FORM_FIELDS },
      });
    } catch {
      return reject(new HttpError(400, 'The multipart form has no valid boundary'));
    }
    const fail = (error: HttpError) => {
      parser.removeAllListeners();
      // Busboy may still report the rest of the body as malformed (a body cut short after a refused field):
      // an 'error' without a listener would be thrown as an uncaught exception.
      parser.on('error', ignoreError);
      reject(error);
    };
    parser.on('field', (name, value) => {
      try {
        addField(fields, count, name, value);
      } catch (error) {
        fail(error as HttpError);
      }
    });
    parser.on('file', (_name, stream) => {
      stream.resume();
      fail(new HttpError(400, 'File uploads are not accepted here'));
    });
    parser.on('fieldsLimit', () =>
      fail(new HttpError(400, `A form may have at most ${MAX_FORM_FIELDS} fields`)),
    );
    parser.on('partsLimit', () =>
      fail(new HttpError(400, `A form may have at most ${MAX_FORM_FIELDS} fields`)),
    );
    parser.on('filesLimit', () => fail(new HttpError(400, 'File uploads are not accepted here')));
    parser.on('error', () => fail(new HttpError(400, 'The multipart form is malformed')));
    parser.on('close', () => resolve(fields));
    parser.end(body);
  });
}

function ignoreError(): void {}
