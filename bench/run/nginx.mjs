// nginx for the parts of the bench that put it in front of our server (cache.mjs, prerendered.mjs).
import { existsSync } from 'node:fs';
import { sleep } from '../lib.mjs';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'];

/** nginx's executable (NGINX_PATH, else where Debian puts it), or undefined where it is not installed. */
export function findNginx() {
  return process.env.NGINX_PATH ?? NGINX_CANDIDATES.find((file) => existsSync(file));
}

/** Resolves once `url` answers 2xx; throws after 10 s. */
export async function untilAnswering(url) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`nginx did not answer ${url} within 10 s`);
}

/**
 * The start of an nginx.conf for a bench run in `dir`: in the foreground, one worker, every file it writes
 * inside `dir`, no access log; `http` is left open for the caller's upstream and servers, then `}` twice.
 */
export function nginxPreamble(dir) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;`;
}
