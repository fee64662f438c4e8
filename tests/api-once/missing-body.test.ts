// A JSON-body operation sent no body at all (no bytes, whatever the headers)
// answers 400 invalid_request, never 415 (docs/ARCHITECTURE.md, the non-JSON body row);
// 415 stays for a body that is there in another media type.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

// Every operation that reads a JSON body. The order id need not exist: the body is checked first.
const JSON_BODY_OPERATIONS = [
  ['POST', '/v1/pets'],
  ['POST', '/v1/store/orders'],
  ['PATCH', '/v1/store/orders/1'],
  ['POST', '/v1/api-keys'],
] as const;

const HEADER_CASES = [
  ['no Content-Type', undefined],
  ['Content-Type: application/json', 'application/json'],
  ['Content-Type: text/plain', 'text/plain'],
  ['Content-Type: application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
] as const;

describe('a JSON-body operation without a body', () => {
  describe.each(JSON_BODY_OPERATIONS)('%s %s', (method, path) => {
    it.each(HEADER_CASES)('answers 400 invalid_request to no body with %s', async (_case, contentType) => {
      const response = await api(method, path, { headers: contentType ? { 'content-type': contentType } : {} });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_request', status: 400, message: 'A JSON request body is required.' });
    });

    it('still answers 415 to a body that is there in another media type', async () => {
      const response = await api(method, path, { body: 'name=Rex', contentType: 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(415);
      expect(response.body.code).toBe('unsupported_media_type');
    });
  });

  it('answers 400 with an Idempotency-Key too, and stores nothing that a retry would replay as 415', async () => {
    const key = `missing-body-${Date.now()}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await api('POST', '/v1/pets', { headers: { 'idempotency-key': key, 'content-type': 'text/plain' } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
    }
  });
});
