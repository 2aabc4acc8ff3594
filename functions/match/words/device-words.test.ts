import { describe, expect, it } from 'vitest';
import { devicesNamed } from './device-words.ts';
import { namesOthersOnly } from './word-groups.ts';

describe('devicesNamed', () => {
  it('names the device an accessory fits, and none for words that name no device alone', () => {
    const ipod = devicesNamed(['cardinal', 'ipod', 'touch', 'hard', 'case']);
    const iphone = devicesNamed(['cardinal', 'pink', 'iphone', '4', 'hard', 'case']);
    expect(namesOthersOnly(ipod, iphone)).toBe(true);
    expect(devicesNamed(['ps3', 'controller'])).toBe(devicesNamed(['playstation', '3', 'controller']));
    expect(devicesNamed(['galaxy', 'tab'])).toBe(devicesNamed(['galaxy']));
    expect(devicesNamed(['touch', 'tab', 'tablet', 'phone'])).toBe(0);
    expect(namesOthersOnly(ipod, devicesNamed(['case', 'for', 'ipod', 'and', 'iphone']))).toBe(false);
    expect(namesOthersOnly(ipod, 0)).toBe(false);
  });
});
