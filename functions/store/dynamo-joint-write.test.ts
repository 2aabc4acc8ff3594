import { describe, expect, it } from 'vitest';
import type { TransactItem } from './dynamo.ts';
import { jointWrite, transactItemsOf } from './dynamo-joint-write.ts';
import { JointWriteRefused } from './joint-write.ts';

const item = (name: string): TransactItem => ({ Delete: { TableName: name, Key: { PK: 'a', SK: 'b' } } });

describe('joint writes', () => {
  it('builds their items only when a transaction takes them, in the order handed', () => {
    // Prepare
    const built: string[] = [];
    const first = jointWrite('first', () => {
      built.push('first');
      return [item('t1')];
    });
    const second = jointWrite('second', () => {
      built.push('second');
      return [item('t2'), item('t3')];
    });
    // Assess: asking for them built nothing
    expect(built).toEqual([]);
    expect(first).toEqual({ what: 'first' });
    // Act
    const items = transactItemsOf([second, first]);
    // Assess
    expect(items.map((each) => each.Delete?.TableName)).toEqual(['t2', 't3', 't1']);
    expect(built).toEqual(['second', 'first']);
  });

  it('refuses a joint write no adapter made (an in-memory store’s words)', () => {
    expect(() => transactItemsOf([{ what: 'job job_1 is still RUNNING' }])).toThrow(
      'The joint write "job job_1 is still RUNNING" was made by no DynamoDB adapter',
    );
  });

  it('names what a refused write did', () => {
    const refused = new JointWriteRefused([{ what: 'hold h1 of cus_1' }, { what: 'a free analysis' }]);
    expect(refused).toMatchObject({
      name: 'JointWriteRefused',
      message: 'Refused: hold h1 of cus_1; a free analysis',
    });
  });
});
