import { spawnSync } from 'node:child_process';
import { execPath } from 'node:process';

const RUNS = 9;
/** The bar for `pds --help`. */
const LIMIT_MS = 300;

interface Contender {
  name: string;
  args: string[];
}

// Interleaved, so a busy moment of the machine costs every contender alike.
const CONTENDERS: Contender[] = [
  { name: 'node, empty script (the floor)', args: ['-e', ''] },
  { name: 'pds --help (compiled, cli/pds.js)', args: ['cli/pds.js', '--help'] },
  { name: 'pds --version (compiled)', args: ['cli/pds.js', '--version'] },
  {
    name: 'pds --help from the TypeScript sources via tsx (as before)',
    args: ['--import', 'tsx', 'cli/main.ts', '--help'],
  },
];

function wallMs(args: string[]): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return ms;
}

/**
 * The start time of a `pds` call: wall time from spawning Node to its exit, median of RUNS, against
 * the empty Node process (the floor no CLI can beat) and against the same command loaded from the
 * TypeScript sources through tsx, measured in the same run. Run `npm run build:cli` first.
 */
export async function runCliBench(): Promise<void> {
  const times = new Map<string, number[]>(CONTENDERS.map(({ name }) => [name, []]));
  for (let run = 0; run < RUNS; run += 1)
    for (const { name, args } of CONTENDERS) times.get(name)?.push(wallMs(args));
  const median = (name: string) => {
    const sorted = [...(times.get(name) ?? [])].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  const floor = median(CONTENDERS[0]?.name ?? '');
  console.log('median ms'.padStart(10), 'x floor'.padStart(8), '  command');
  for (const { name } of CONTENDERS)
    console.log(
      median(name).toFixed(0).padStart(10),
      (median(name) / floor).toFixed(2).padStart(8),
      ` ${name}`,
    );
  const help = median(CONTENDERS[1]?.name ?? '');
  console.log(
    `pds --help: ${help.toFixed(0)} ms, ${help <= LIMIT_MS ? 'within' : 'OVER'} the ${LIMIT_MS} ms bar`,
  );
}
