import { readStackState } from '#local/stack-state';
import { isSet, type SettingName, setting } from '#platform/config';

/**
 * The operators' CLI: `npm run --silent admin -- <command> [--flag value]`. Prints one JSON object on
 * stdout; errors go to stderr with a non-zero exit. It works on the local stack that `npm start`
 * runs with the same PORT in this directory, or, with TABLE_NAME and AWS settings, on a stage's table.
 */
const USAGE = `Usage: npm run --silent admin -- <command> [--flag value]
  create-customer --name N [--managed]
  create-user --email E --name N [--customer C --role OWNER|ADMIN|MEMBER]
  add-member --customer C --user U --role OWNER|ADMIN|MEMBER
  add-project-member --project P --user U --role ADMIN|EDITOR|VIEWER
  create-project --customer C --user U --name N --country CC --currency CUR [--default]
  set-quotas --customer C [--max-projects N] [--free-analyses N] [--monthly-spend-limit EUR] [--topup-min EUR] [--topup-max EUR]
  credit --customer C --amount EUR --reason TEXT [--reference R]   (one reference credits once; a retry reuses it)
  set-exports --project P --enabled true|false`;

function parseFlags(args: string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!name) throw new Error(`Unexpected argument ${arg}`);
    const next = args[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      i++;
    } else flags[name] = true;
  }
  return flags;
}

async function connect(): Promise<void> {
  if (isSet('TABLE_NAME') && !isSet('PORT')) return;
  const port = setting('PORT');
  const state = await readStackState(process.cwd(), port);
  if (!state) {
    if (isSet('TABLE_NAME')) return;
    throw new Error(
      `No local stack recorded for PORT=${port} in ${process.cwd()} (start one with npm start), and no TABLE_NAME for a deployed stage.`,
    );
  }
  Object.assign(process.env, {
    TABLE_NAME: state.tableName,
    DYNAMODB_ENDPOINT: state.dynamodbEndpoint,
    S3_ENDPOINT: state.s3Endpoint,
  } satisfies Partial<Record<SettingName, string>>);
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === '--help' || name === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  const flags = parseFlags(rest);
  await connect();
  // Imported after connect(): the store reads TABLE_NAME and the endpoints when it loads.
  const { commands, newCreditReference } = await import('#admin/commands');
  if (name === 'credit' && flags.reference === undefined) {
    // Printed before the write: after a timeout the operator retries with the same reference.
    flags.reference = newCreditReference();
    process.stderr.write(`Reference ${flags.reference}: a retry passes --reference ${flags.reference}\n`);
  }
  const command = (commands as Record<string, (flags: Record<string, string | true>) => Promise<unknown>>)[
    name
  ];
  if (!command) {
    process.stderr.write(`Unknown command ${name}\n${USAGE}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(await command(flags))}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: string }).code;
    process.stderr.write(`Error${code ? ` ${code}` : ''}: ${message}\n`);
    process.exit(1);
  },
);
