// The other half of sync-http.ts: does a batch of HTTP requests concurrently, then wakes the
// blocked caller. Plain JS so it runs in a worker without a TypeScript loader.
import http from 'node:http';
import https from 'node:https';
import { parentPort, workerData } from 'node:worker_threads';

const { signal, port } = workerData;
const flag = new Int32Array(signal);
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: Infinity }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: Infinity }),
};

function send(request, timeoutMs) {
  return new Promise((resolve) => {
    let target;
    try {
      target = new URL(request.url);
    } catch {
      resolve({ error: `Invalid argument: ${request.url}` });
      return;
    }
    const lib = target.protocol === 'https:' ? https : http;
    const body = request.payload === undefined ? undefined : Buffer.from(request.payload, 'utf8');
    const headers = { ...request.headers };
    if (body) headers['content-length'] = String(body.length);
    const req = lib.request(
      target,
      {
        method: request.method.toUpperCase(),
        headers,
        agent: agents[target.protocol],
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (e) =>
          resolve({ error: `Address unavailable: ${request.url} (${e.message})` }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) =>
      resolve({ error: `Address unavailable: ${request.url} (${e.code || e.message})` }),
    );
    if (body) req.write(body);
    req.end();
  });
}

parentPort.on('message', async ({ requests, timeoutMs }) => {
  const results = await Promise.all(requests.map((r) => send(r, timeoutMs)));
  port.postMessage(results);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
