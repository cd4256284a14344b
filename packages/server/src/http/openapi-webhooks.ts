// The events webhooks receive (issue 34), in the OpenAPI document's `webhooks` (OpenAPI 3.1): one
// operation per event type, its body the contract's payload schema of that type, so /api/docs lists
// what a receiver gets and a generator can type it. A postback URL receives the same events as a GET of
// its template (contract POSTBACK_MACROS).
import { z } from 'zod';
import {
  POSTBACK_MACROS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  ZWebhookTest,
  webhookPayload,
} from '@salesdesk/contract';

const SIGNING =
  'Signed per Standard Webhooks: headers `webhook-id` (the event id, kept by every retry), ' +
  '`webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of ' +
  '`id.timestamp.body` under the endpoint secret `whsec_…`; two signatures while a secret rotates). ' +
  'Any 2xx answer is a delivery; 408, 429, 5xx and network errors are retried for 3 days. ' +
  `A postback URL gets the event as a GET of its template, macros ${POSTBACK_MACROS.map((m) => `{${m}}`).join(', ')}.`;

const testPayload = z.object({
  id: z.string(),
  type: z.literal(WEBHOOK_TEST_EVENT),
  version: z.literal(1),
  createdAt: z.string(),
  data: ZWebhookTest,
});

function operation(type: string, schema: z.ZodType) {
  return {
    post: {
      operationId: `webhook_${type.replace(/\./g, '_')}`,
      summary: `The ${type} event`,
      description: SIGNING,
      security: [],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.toJSONSchema(schema, { io: 'input' }) } },
      },
      responses: {
        '200': { description: 'Received (any 2xx)' },
        '400': { description: 'Refused for good (any other 4xx): not retried' },
      },
    },
  };
}

export const WEBHOOK_DOCS = Object.fromEntries([
  ...WEBHOOK_EVENT_TYPES.map((type) => [type, operation(type, webhookPayload(type))]),
  [WEBHOOK_TEST_EVENT, operation(WEBHOOK_TEST_EVENT, testPayload)],
]);
