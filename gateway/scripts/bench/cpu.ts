// What a request costs in CPU, and how busy the machine was: printed beside every figure.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { adminUrl } from './environment.js';

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

/**
 * CPU spent by the gateway, by the PostgreSQL backends serving its database and by this load
 * generator over one phase: what a request costs, whoever else shares the cores. Backends that
 * close during the phase are not counted, so the PostgreSQL share is a lower bound.
 */
export async function cpuMeter(gatewayPid: number, databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const backends = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    return rows.map((r) => r.pid);
  };
  const before = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
  const gateway = cpuSeconds(gatewayPid);
  const generator = process.cpuUsage();
  return async (requests: number) => {
    const own = process.cpuUsage(generator);
    let postgres = 0;
    for (const pid of new Set([...before.keys(), ...(await backends())]))
      postgres += Math.max(0, cpuSeconds(pid) - (before.get(pid) ?? 0));
    const per = (seconds: number) => (requests ? (seconds * 1000) / requests : 0);
    const ms = {
      gateway: per(cpuSeconds(gatewayPid) - gateway),
      postgres: per(postgres),
      generator: per((own.user + own.system) / 1e6),
    };
    const ceiling = Math.floor((os.cpus().length * 1000) / (ms.gateway + ms.postgres + ms.generator));
    return (
      `CPU per request: gateway ${ms.gateway.toFixed(2)} ms, PostgreSQL ${ms.postgres.toFixed(2)} ms, load generator ${ms.generator.toFixed(2)} ms` +
      ` (all ${os.cpus().length} cores to this alone: at most ${ceiling} req/s)`
    );
  };
}

/** The machine's load averages (1, 5, 15 min) as `uptime` shows them, printed beside every figure. */
export const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
