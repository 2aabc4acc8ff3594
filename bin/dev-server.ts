import { demoShops as demoShopSpecs } from '#fixtures/demo-shops';
import { startShops } from '#fixtures/start-shop';
import { readStackState, removeStackState, writeStackState } from '#local/stack-state';
import { startStack } from '#local/start-stack';
import { setting } from '#platform/config';
import { CONSOLE_PATH } from '../console/build-console.ts';

// `npm start` runs this under `sh -c`: when npm is stopped, the shell exits without passing the
// signal on, so a changed parent means whoever started the stack is gone, and so must the stack be.
// Read first thing, before the slow start, so a parent that dies meanwhile is still noticed.
const parent = process.ppid;
const port = setting('PORT');
const directory = process.cwd();

const running = await readStackState(directory, port);
if (running && isAlive(running.pid)) {
  console.error(`Another local stack (pid ${running.pid}) already serves PORT=${port}; stop it or set PORT.`);
  process.exit(1);
}

// Two small shops of different flavours (JSON-LD, plain HTML) that share part of their range, so a
// setup job can run at once and a matching job between them finds real matches.
const demoShops = await startShops(demoShopSpecs);
// The crawler may reach these loopback shops and nothing else on this machine (not DynamoDB Local,
// the S3 fake or the API), unless the user names other hosts in CRAWL_ALLOWED_HOSTS.
process.env.CRAWL_ALLOWED_HOSTS ??= demoShops.map((shop) => new URL(shop.url).host).join(',');

console.error('Starting DynamoDB Local, the S3 fake and the API…');
const stack = await startStack({ port, dataDir: setting('DATA_DIR') });
await writeStackState(directory, stack.port, {
  baseUrl: stack.baseUrl,
  tableName: stack.tableName,
  dynamodbEndpoint: stack.dynamodbEndpoint,
  s3Endpoint: stack.s3Endpoint,
  buckets: stack.buckets,
  pid: process.pid,
});

console.log(`Base URL: ${stack.baseUrl}`);
console.log(`API key: ${stack.demo?.apiKey}`);
console.log(`Try: curl -H "Authorization: Bearer ${stack.demo?.apiKey}" ${stack.baseUrl}/account`);
console.log(`Console: ${new URL(CONSOLE_PATH, stack.baseUrl).href}`);

for (const shop of demoShops) console.log(`Demo shop: ${shop.url}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping…`);
  await Promise.all(demoShops.map((shop) => shop.close()));
  await stack.stop();
  await removeStackState(directory, stack.port);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
setInterval(() => {
  if (process.ppid !== parent) void shutdown('parent exited');
}, 500).unref();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
