import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The reference deployment of docs/deployment.md on one machine: a pg_auto_failover monitor, two
 * PostgreSQL 15 data nodes (primary + synchronous standby) managed by their pg_autoctl keepers,
 * and HAProxy in front, sending connections only to the node that answers
 * `pg_is_in_recovery() = false`. Everything runs from a temp dir on the ports given, as the
 * postgres user when the test runs as root (initdb refuses root), and is killed and removed by
 * stop(), also after a failure.
 */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface HaPorts {
  monitor: number;
  nodes: [number, number];
  haproxy: number;
}

interface Proc {
  name: string;
  child: ChildProcess;
  log: string;
}

export interface HaCluster {
  dir: string;
  /** What the service's DATABASE_URL points at: HAProxy. */
  url: string;
  nodeUrl(index: number): string;
  /** Index of the node the monitor reports as primary, or -1. */
  primaryIndex(): Promise<number>;
  /** SIGKILL to the node's postmaster and its keeper, as when its machine dies. */
  killNode(index: number): void;
  /** Waits until HAProxy leads to a writable node, returning the node index. */
  waitWritableThroughProxy(timeoutMs: number): Promise<void>;
  states(): Promise<string>;
  /** The servers HAProxy has up, from its stats socket. */
  proxyUp(): Promise<string[]>;
  logs(): string;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** The monitor's timings: fail over within seconds (defaults are 20 s + 30 s). */
export const MONITOR_SETTINGS: Record<string, number> = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3000,
  'pgautofailover.primary_demote_timeout': 6000,
};
/** The keepers' timings: a primary cut off from the monitor and its standby demotes itself after this. */
export const KEEPER_NETWORK_PARTITION_TIMEOUT_S = 3;

export const HAPROXY_CHECK_SCRIPT = `#!/bin/sh
# HAProxy external check: $3 is the server's address, $4 its port. Healthy = a writable primary.
# pg_autoctl promotes a standby read-only first (state stop_replication) until the old primary is
# known to be demoted: such a node is not healthy yet.
test "$(PGCONNECT_TIMEOUT=1 psql -X -w -h "$3" -p "$4" -U postgres -d renova -Atc "select not pg_is_in_recovery() and current_setting('default_transaction_read_only') = 'off'" 2>/dev/null)" = t
`;

export function haproxyConfig(ports: HaPorts, checkScript: string, statsSocket: string): string {
  return `global
  maxconn 400
  stats socket ${statsSocket} mode 666 level user
  external-check
  insecure-fork-wanted

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s

listen postgres_primary
  bind 127.0.0.1:${ports.haproxy}
  option external-check
  external-check path "${PG_BIN}:/usr/bin:/bin"
  external-check command ${checkScript}
  # Checked every second; down after 2 failures, up after 1 success. A server marked down has
  # its sessions cut, so no pool keeps talking to a demoted or partitioned node.
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:${ports.nodes[0]} check
  server node2 127.0.0.1:${ports.nodes[1]} check
`;
}

/**
 * The first ports of [from, to] free right now. Ports of a private range can still be taken for a
 * moment: the kernel hands out ephemeral ports (32768-60999) to outgoing connections.
 */
export async function freePorts(from: number, to: number, count: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = from; port <= to && found.length < count; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (free) found.push(port);
  }
  if (found.length < count) throw new Error(`fewer than ${count} free ports in ${from}-${to}`);
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, cluster?: HaCluster) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs / 1000} s\n${cluster ? await cluster.states().catch(String) : ''}`,
      );
    await sleep(300);
  }
}

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startHaCluster(ports: HaPorts): Promise<HaCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'renova-ha-'));
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const procs: Proc[] = [];
  const env = {
    PATH: `${PG_BIN}:/usr/bin:/bin:/usr/sbin:/sbin`,
    // pg_autoctl keeps its config and state under XDG dirs: all of it in the temp dir.
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'share'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
    PG_CONFIG: join(PG_BIN, 'pg_config'),
    PGCONNECT_TIMEOUT: '2',
  };
  const run = (name: string, args: string[]): Proc => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    // detached: a process group of its own, so the node (keeper + postmaster + backends) dies together.
    const child = spawn(command[0]!, command.slice(1), {
      env,
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { name, child, log: '' };
    const keep = (chunk: Buffer) => {
      proc.log = (proc.log + chunk).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    procs.push(proc);
    return proc;
  };
  const killGroup = (proc: Proc) => {
    try {
      if (proc.child.pid) process.kill(-proc.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const monitorUrl = `postgres://postgres@127.0.0.1:${ports.monitor}/pg_auto_failover`;
  const nodeUrl = (i: number) => `postgres://postgres@127.0.0.1:${ports.nodes[i]}/renova`;
  const url = `postgres://postgres@127.0.0.1:${ports.haproxy}/renova`;
  const nodeProcs: Proc[] = [];

  const cluster: HaCluster = {
    dir,
    url,
    nodeUrl,
    async primaryIndex() {
      const { rows } = await query(
        monitorUrl,
        `select nodeport from pgautofailover.node where reportedstate in ('primary','wait_primary','single') and goalstate = reportedstate`,
      );
      if (rows.length !== 1) return -1;
      return ports.nodes.indexOf(Number(rows[0].nodeport));
    },
    killNode(index) {
      const pgdata = join(dir, `node${index + 1}`);
      try {
        const postmaster = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(postmaster, 'SIGKILL');
      } catch {
        // not running
      }
      killGroup(nodeProcs[index]!);
    },
    async waitWritableThroughProxy(timeoutMs) {
      await until('a writable primary behind HAProxy', timeoutMs, async () => {
        // A write that commits: txid_current() takes a transaction id, so it fails on a read-only
        // node and its commit waits for the synchronous standby where there is one.
        await query(url, 'select txid_current()');
        return true;
      });
    },
    async states() {
      const { rows } = await query(
        monitorUrl,
        'select nodename, nodeport, reportedstate, goalstate, reportedlsn from pgautofailover.node order by nodeid',
      );
      return rows
        .map((r) => `${r.nodename} :${r.nodeport} ${r.reportedstate} → ${r.goalstate} ${r.reportedlsn}`)
        .join('\n');
    },
    proxyUp() {
      return new Promise((resolve, reject) => {
        const socket = net.connect(join(dir, 'haproxy.sock'));
        let out = '';
        socket.on('data', (c) => {
          out += c;
        });
        socket.on('error', reject);
        socket.on('end', () => {
          // CSV: pxname, svname, ..., status (18th column: UP, "UP 1/2" going down, DOWN...),
          // ..., check_status (37th: INI before the first check). A server not yet checked counts as up.
          const rows = out.split('\n').map((l) => l.split(','));
          const servers = rows.filter((r) => r[0] === 'postgres_primary' && r[1]?.startsWith('node'));
          resolve(servers.filter((r) => r[17]?.startsWith('UP') || r[36] === 'INI').map((r) => r[1]!));
        });
        socket.write('show stat\n');
      });
    },
    logs() {
      return procs.map((p) => `--- ${p.name}\n${p.log.slice(-4000)}`).join('\n');
    },
    async stop() {
      quitPostmasters();
      await sleep(500);
      for (const proc of procs.reverse()) killGroup(proc);
      await sleep(200);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // An immediate shutdown of each server (SIGQUIT to its postmaster): the postmaster takes its
  // children with it. Killed alone with its keeper's group, the monitor left its logger and its
  // health-check worker running on the machine after the test.
  const quitPostmasters = () => {
    for (const name of ['monitor', ...ports.nodes.map((_, i) => `node${i + 1}`)]) {
      try {
        const pid = Number(readFileSync(join(dir, name, 'postmaster.pid'), 'utf8').split('\n')[0]);
        // The pid file of a node the test killed is stale: signal only a live postgres.
        if (pid > 0 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) process.kill(pid, 'SIGQUIT');
      } catch {
        // not running
      }
    }
  };
  const onExit = () => {
    quitPostmasters();
    for (const proc of procs) killGroup(proc);
  };
  process.once('exit', onExit);

  try {
    run('monitor', [
      'pg_autoctl',
      'create',
      'monitor',
      '--pgdata',
      join(dir, 'monitor'),
      '--pgport',
      String(ports.monitor),
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
      '--run',
    ]);
    await until(
      'the monitor',
      120_000,
      async () => ((await query(monitorUrl, 'select 1 from pgautofailover.formation')).rowCount ? true : undefined),
      undefined,
    );
    // ALTER SYSTEM runs outside a transaction: one statement at a time.
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      await query(monitorUrl, `alter system set ${name} = ${value}`);
    await query(monitorUrl, 'select pg_reload_conf()');
    const monitorForNodes = `postgres://autoctl_node@127.0.0.1:${ports.monitor}/pg_auto_failover?sslmode=disable`;
    for (const i of [0, 1]) {
      const pgdata = join(dir, `node${i + 1}`);
      nodeProcs.push(
        run(`node${i + 1}`, [
          'pg_autoctl',
          'create',
          'postgres',
          '--pgdata',
          pgdata,
          '--pgport',
          String(ports.nodes[i]),
          '--hostname',
          '127.0.0.1',
          '--listen',
          '127.0.0.1',
          '--name',
          `node${i + 1}`,
          '--auth',
          'trust',
          '--no-ssl',
          '--dbname',
          'renova',
          '--monitor',
          monitorForNodes,
          '--run',
        ]),
      );
      const wanted = i === 0 ? ['single'] : ['primary', 'secondary'];
      await until(
        `node${i + 1} to join`,
        180_000,
        async () => {
          const { rows } = await query(
            monitorUrl,
            'select reportedstate, goalstate from pgautofailover.node order by nodeid',
          );
          if (
            rows.length === i + 1 &&
            rows.every(
              (r, n) =>
                r.reportedstate === r.goalstate &&
                wanted.includes(r.reportedstate) &&
                (i === 0 || wanted[n] === r.reportedstate),
            )
          )
            return true;
          // The standby's pg_basebackup waits for a checkpoint, spread over minutes by default: ask for it now.
          if (i === 1) await query(nodeUrl(0), 'checkpoint').catch(() => {});
          return undefined;
        },
        cluster,
      );
    }
    for (const i of [0, 1]) {
      await runOnce(env, [
        'pg_autoctl',
        'config',
        'set',
        '--pgdata',
        join(dir, `node${i + 1}`),
        'timeout.network_partition_timeout',
        String(KEEPER_NETWORK_PARTITION_TIMEOUT_S),
      ]);
    }
    const script = join(dir, 'check-primary.sh');
    writeFileSync(script, HAPROXY_CHECK_SCRIPT);
    chmodSync(script, 0o755);
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(ports, script, join(dir, 'haproxy.sock')));
    if (asRoot) {
      chownSync(script, uidOf('postgres'), gidOf('postgres'));
      chownSync(cfg, uidOf('postgres'), gidOf('postgres'));
    }
    run('haproxy', ['haproxy', '-db', '-f', cfg]);
    // HAProxy starts with every server up until its checks say otherwise: wait for exactly the primary.
    await until(
      'HAProxy to see only the primary up',
      60_000,
      async () => {
        const up = await cluster.proxyUp();
        return up.length === 1 && up[0] === 'node1' ? true : undefined;
      },
      cluster,
    );
    await cluster.waitWritableThroughProxy(60_000);
    return cluster;
  } catch (error) {
    const detail = cluster.logs();
    await cluster.stop();
    throw new Error(`${(error as Error).message}\n${detail}`);
  }
}

function runOnce(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  const command = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')}: exit ${code}\n${out}`))));
  });
}

function passwdEntry(name: string): string[] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} user on this machine (the PostgreSQL packages create it)`);
  return line.split(':');
}
const uidOf = (name: string) => Number(passwdEntry(name)[2]);
const gidOf = (name: string) => Number(passwdEntry(name)[3]);
