import { describe, expect, it } from 'vitest';
import { LinkQueue } from './link-queue.ts';

describe('the training’s link queue', () => {
  it('gives links first in, first out, each once however often it was queued', () => {
    const queue = new LinkQueue(['/a', '/b', '/a']);
    queue.push('/c');
    queue.push('/b');
    expect(queue.size).toBe(3);
    expect([queue.shift(), queue.shift(), queue.shift(), queue.shift()]).toEqual([
      '/a',
      '/b',
      '/c',
      undefined,
    ]);
    queue.push('/a');
    expect(queue.size).toBe(0);
  });
});
