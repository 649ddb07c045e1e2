import request from 'supertest';
import type { App } from 'supertest/types';
import { OpenApiContract } from './openapi-contract';

/** The contract of the app under test, read from its own /openapi.json. */
export async function contractOf(server: App): Promise<OpenApiContract> {
  const response = await request(server).get('/openapi.json').expect(200);
  return new OpenApiContract(response.body);
}
