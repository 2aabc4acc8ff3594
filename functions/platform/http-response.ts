import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number };

export const json = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export const noContent = (): HttpResponse => ({ statusCode: 204, headers: {}, body: '' });

export const redirect = (location: string): HttpResponse => ({
  statusCode: 302,
  headers: { location },
  body: '',
});

export const binary = (
  contentType: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): HttpResponse => ({
  statusCode: 200,
  headers: { 'content-type': contentType, ...headers },
  body: Buffer.from(bytes).toString('base64'),
  isBase64Encoded: true,
});

export const html = (statusCode: number, body: string): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});
