// An HTTP server on 127.0.0.1 that answers every request with the body it
// is given, for libraries driven through their own HTTP layer pointed at it
// (a base URL or endpoint option) rather than through a custom fetch. One
// server serves every stream of a run, one request at a time; it does not
// keep the process alive. It speaks HTTP/1.1, or HTTP/2 in clear text
// (h2c) for a client whose handler speaks only that (the Bedrock Runtime
// client's default handler is its HTTP/2 one).

import { createServer } from 'node:http';
import { createServer as createH2Server } from 'node:http2';

const servers = {};
let current = { body: Buffer.alloc(0), contentType: 'text/event-stream' };

function answer(req, res) {
  const { body, contentType } = current;
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) });
    res.end(body);
  });
}

/**
 * Serves body (as contentType) to the next requests and returns the
 * server's base URL, http://127.0.0.1:PORT; with h2, over HTTP/2.
 */
export async function serve(body, contentType, { h2 = false } = {}) {
  current = { body, contentType };
  const key = h2 ? 'h2' : 'http1';
  if (!servers[key]) {
    const server = h2 ? createH2Server(answer) : createServer(answer);
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    server.unref();
    servers[key] = server;
  }
  return `http://127.0.0.1:${servers[key].address().port}`;
}
