import { createInterface } from 'node:readline/promises';

/**
 * Asks a yes/no question on stderr and reads the answer from stdin (a terminal or a pipe);
 * anything but y/yes, or stdin ending, is no.
 */
export async function confirm(question: string): Promise<boolean> {
  const reader = createInterface({
    input: process.stdin,
    output: process.stderr,
    terminal: process.stdin.isTTY,
  });
  const closed = new Promise<string>((resolve) => reader.once('close', () => resolve('')));
  try {
    const answer = await Promise.race([reader.question(`${question} [y/N] `), closed]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    reader.close();
  }
}
