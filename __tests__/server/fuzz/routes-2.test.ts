/** Fuzzing of shard 2 of the contract's routes (see fuzz-kit.ts); new routes join a shard automatically. */
import { FUZZ_ROUTE_TIMEOUT_MS, fuzzRoute, logSeed, openFuzzBench, routesOf, type FuzzBench } from './fuzz-kit';

let bench: FuzzBench;

beforeAll(async () => {
  logSeed('routes-2');
  bench = await openFuzzBench();
});

afterAll(async () => {
  await bench?.close();
});

it.each(routesOf(2))('%s answers every hostile request with a harmless 4xx (or a success)', async (name) => {
  await fuzzRoute(bench, name);
}, FUZZ_ROUTE_TIMEOUT_MS);
