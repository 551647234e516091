// A minimal load balancer in a process of its own, as nginx or a cloud balancer runs beside the
// instances (in the test's process, the load generator's bursts delayed its timers and health
// checks, which a real balancer never suffers). Round robin over the instances its health check
// (/readyz every 100 ms) finds ready; a connection refused is tried on the next instance (safe:
// nothing was sent). Any other upstream error (a reset after sending) is recorded and answered
// 502, so the test sees it. `node balancer.mjs URL...` prints {"port":N} once listening;
// GET /__balancer answers what it saw: served per instance, resets, whether a 503 was seen.
import http from 'node:http';

const instances = process.argv.slice(2).map((url, i) => ({ name: String.fromCharCode(65 + i), url }));
const ready = new Map(instances.map((i) => [i.name, true]));
const served = Object.fromEntries(instances.map((i) => [i.name, 0]));
const resets = [];
let sawNotReady = false;
let turn = 0;
// Idle upstream connections are dropped after 1 s, below the instances' SHUTDOWN_DRAIN_MS: as
// with nginx or a cloud balancer, the balancer's idle timeout must be the shorter one, else an
// instance closing an idle connection races the balancer reusing it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 1000 });

setInterval(() => {
  for (const instance of instances) {
    http
      .get(`${instance.url}/readyz`, { agent: false }, (response) => {
        response.resume();
        if (response.statusCode === 503) sawNotReady = true;
        ready.set(instance.name, response.statusCode === 200);
      })
      .on('error', () => ready.set(instance.name, false));
  }
}, 100);

function forward(request, response, refused) {
  const open = instances.filter((i) => !refused.has(i.name));
  const candidates = open.filter((i) => ready.get(i.name));
  const pool = candidates.length > 0 ? candidates : open;
  const instance = pool[turn++ % pool.length];
  const upstream = http.request(
    `${instance.url}${request.url}`,
    { method: request.method, headers: request.headers, agent },
    (answer) => {
      served[instance.name] += 1;
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    if (error.code === 'ECONNREFUSED' && refused.size + 1 < instances.length) {
      ready.set(instance.name, false);
      forward(request, response, new Set([...refused, instance.name]));
      return;
    }
    resets.push(`${instance.name}: ${error.code ?? error.message}`);
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  upstream.end();
}

const server = http.createServer((request, response) => {
  request.resume();
  if (request.url === '/__balancer') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ served, resets, sawNotReady }));
    return;
  }
  forward(request, response, new Set());
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
