/** Fuzzing of shard 3 of the contract's routes (see fuzz-kit.ts); new routes join a shard automatically. */
import { FUZZ_ROUTE_TIMEOUT_MS, fuzzRoute, logSeed, openFuzzBench, routesOf, type FuzzBench } from './fuzz-kit';

let bench: FuzzBench;

beforeAll(async () => {
  logSeed('routes-3');
  bench = await openFuzzBench();
});

afterAll(async () => {
  await bench?.close();
});

it.each(routesOf(3))('%s answers every hostile request with a harmless 4xx (or a success)', async (name) => {
  await fuzzRoute(bench, name);
}, FUZZ_ROUTE_TIMEOUT_MS);
