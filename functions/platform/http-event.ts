import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** API Gateway HTTP API (payload 2.0) events: what Lambda receives and what the local server builds. */
export type HttpEvent = APIGatewayProxyEventV2;
