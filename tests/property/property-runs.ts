import fc from 'fast-check';

const fuzzing = process.env.FUZZ === '1';

/**
 * One setting for every property test. In `npm test`: a fixed seed, so a failure replays the same way, and
 * 1000 runs each. `npm run fuzz`: 100,000 runs (FUZZ_RUNS) from a new seed (FUZZ_SEED to replay one); a
 * counterexample is printed with its seed and becomes a named regression test.
 */
export const PROPERTY_RUNS = fuzzing ? Number(process.env.FUZZ_RUNS ?? 100_000) : 1000;
export const PROPERTY_SEED = Number(process.env.FUZZ_SEED ?? (fuzzing ? Date.now() % 2 ** 31 : 20261124));

fc.configureGlobal({ numRuns: PROPERTY_RUNS, seed: PROPERTY_SEED });
if (fuzzing) console.info(`fuzz: ${PROPERTY_RUNS} runs per property, FUZZ_SEED=${PROPERTY_SEED}`);

export { fc };
