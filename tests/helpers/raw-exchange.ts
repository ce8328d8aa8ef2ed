import net from 'node:net';

export interface RawExchange {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `head` (request line and headers, CRLF-separated, without the blank line) as is to `origin` and
 * reads the whole answer: what no HTTP client library would send (two Host headers, an absolute-form
 * target, a malformed Host). The connection is closed after one answer; it gives up after 10 s.
 */
export function rawExchange(origin: string, head: string): Promise<RawExchange> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`No answer to ${head.split('\r\n')[0]} in 10 s`)),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const cut = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, cut === -1 ? text.length : cut).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: cut === -1 ? '' : text.slice(cut + 4),
      });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}
