import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { claimJobs } from '../src/jobs/engine.js';
import { enqueueJob, renewClaim } from '../src/jobs/queue.js';
import { freshDatabase } from './support/database.js';

// A claim that outlived its lease must not make its call: the job engine's fence (renewClaim), which the
// notification senders ask right before a message goes out (issue 24: a repeat only from a kill).
describe('a claim renewed before an unrepeatable call', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database?.close());

  it('is renewed while it is the latest, refused once another worker claimed the job', async () => {
    const db = database.db;
    await enqueueJob(db, { kind: 'fence-test', key: 'k1' });
    const [first] = await claimJobs(db, 'fence-test', 60_000, 1);
    expect(first).toMatchObject({ key: 'k1', attempts: 1 });
    expect(await renewClaim(db, first!, 60_000)).toBe(true);

    // The first claim's lease runs out (a stalled process) and a second worker takes the job.
    await db.execute(sql`update jobs set run_at = now() - interval '1 second' where kind = 'fence-test'`);
    const [second] = await claimJobs(db, 'fence-test', 60_000, 1);
    expect(second).toMatchObject({ key: 'k1', attempts: 2 });
    expect(await renewClaim(db, first!, 60_000)).toBe(false);
    expect(await renewClaim(db, second!, 60_000)).toBe(true);

    // Renewal holds other workers off for a whole lease.
    expect(await claimJobs(db, 'fence-test', 60_000, 1)).toEqual([]);
  });
});
