import { Transform } from 'node:stream';

/** Passes an HTML stream through, with `tag` inserted before the first `marker` (or at the end). */
export function injectBefore(marker, tag) {
  const insert = Buffer.from(tag);
  let done = false;
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (done) return callback(null, chunk);
      const data = held.length ? Buffer.concat([held, chunk]) : chunk;
      // latin1 keeps one character per byte, so indices match; UTF-8 bytes of other text never match ASCII.
      const text = data.toString('latin1').toLowerCase();
      const at = text.indexOf(marker);
      if (at !== -1) {
        done = true;
        held = Buffer.alloc(0);
        return callback(null, Buffer.concat([data.subarray(0, at), insert, data.subarray(at)]));
      }
      // Hold back only a tail that could be the start of a marker split across chunks, so streamed
      // HTML still reaches the browser at once.
      let keep = 0;
      for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
        if (marker.startsWith(text.slice(-length))) {
          keep = length;
          break;
        }
      }
      held = data.subarray(data.length - keep);
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback) {
      callback(null, done ? held : Buffer.concat([held, insert]));
    },
  });
}
