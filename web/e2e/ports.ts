import { execFileSync } from 'node:child_process';

/**
 * Free ports for the suite's own servers, chosen while the configuration loads (synchronously).
 *
 * They are drawn below 32768: the kernel hands out 32768-60999 to outgoing connections, and the
 * suite's server once failed to start on a port drawn there ("a porta 39950 já está em uso", the
 * CI run of session 33's stop), most likely held by one of them. Each candidate is also bound once,
 * by a child process, before it is used; `count` ports in a row, so a test can take the next one
 * for a second server.
 */
export function freePortsSync(count = 1): number {
  const probe = `const net=require('node:net');const ports=JSON.parse(process.argv[1]);let left=ports.length;
for(const port of ports){const s=net.createServer();s.once('error',()=>process.exit(1));
s.listen({port,host:'127.0.0.1',exclusive:true},()=>s.close(()=>{if(--left===0)process.exit(0)}))}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * 12_000);
    const ports = Array.from({ length: count }, (_, i) => first + i);
    try {
      execFileSync(process.execPath, ['-e', probe, JSON.stringify(ports)], { stdio: 'ignore' });
      return first;
    } catch {
      // one of them is taken: draw again
    }
  }
  throw new Error(`no ${count} free ports in a row in 20000-32767`);
}
