import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/free-port';
import { signatureHeader } from '#webhooks/webhook-signature';

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const example = /```js\n(\/\/ receiver\.mjs[\s\S]*?)```/.exec(readme)?.[1];
const secret = 'whsec_readme-example';

let stop: () => void;
let url: string;

// The README's receiver, run as a reader would run it, against deliveries signed by the service's signer.
beforeAll(async () => {
  if (!example) throw new Error('README.md has no receiver.mjs example');
  const file = join(tmpdir(), `receiver-${process.pid}.mjs`);
  writeFileSync(file, example);
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: 'ignore',
  });
  stop = () => child.kill();
  for (;;) {
    const up = await fetch(url, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(() => stop?.());

const post = (body: string, signature: string) =>
  fetch(url, { method: 'POST', body, headers: { 'PDS-Signature': signature } }).then((r) => r.status);

describe("the README's webhook receiver", () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'job.completed', data: { job: { job_id: 'job_1' } } });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a delivery signed as the service signs it', async () => {
    expect(await post(body, signatureHeader(secret, now(), body))).toBe(200);
  });

  it('refuses one with a byte of the body changed, another secret, or a timestamp over 5 minutes off', async () => {
    const signature = signatureHeader(secret, now(), body);
    expect(await post(body.replace('job_1', 'job_2'), signature)).toBe(400);
    expect(await post(body, signatureHeader('whsec_other', now(), body))).toBe(400);
    expect(await post(body, signatureHeader(secret, now() - 301, body))).toBe(400);
    expect(await post(body, '')).toBe(400);
  });
});
