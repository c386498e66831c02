/** How long the cluster's primary waits before it replaces a worker that died (cluster.ts). */
import { restartDelayMs } from '../../../src/server/cluster';

describe('the replacement of a dead worker', () => {
  it('is at once for the first death of a minute, then waits 1 s, 2 s, 4 s… and never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
