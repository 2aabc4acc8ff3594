import { describe, expect, it } from 'vitest';
import { describeProblem } from './describe-problem.ts';

describe('describeProblem', () => {
  it('names each invalid field with its reason, and the request id', () => {
    expect(
      describeProblem({
        status: 422,
        code: 'VALIDATION_ERROR',
        title: 'Unprocessable Content',
        detail: 'The request is not valid.',
        request_id: 'req_1',
        errors: [
          { location: 'body', path: 'amount', message: 'Must be an amount like 25.00.' },
          { location: 'query', path: 'limit', message: 'Must be between 1 and 100.' },
        ],
      }),
    ).toBe(
      [
        'Error 422 VALIDATION_ERROR: The request is not valid.',
        '  body amount: Must be an amount like 25.00.',
        '  query limit: Must be between 1 and 100.',
        'Request id: req_1',
      ].join('\n'),
    );
  });

  it('falls back on the title when there is no detail', () => {
    expect(describeProblem({ status: 502, title: 'Bad Gateway' })).toBe('Error 502: Bad Gateway');
  });
});
