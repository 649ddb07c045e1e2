import request from 'supertest';
import type { OpenApiContract } from './openapi-contract';
import type { TestApp } from './test-app';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Sends a request (as admin unless told otherwise) and checks the answer against the contract. */
export function apiClient(testApp: TestApp, contract: OpenApiContract) {
  return async (method: Method, path: string, body?: object, token: string | null = ADMIN_TOKEN) => {
    const call = request(testApp.server)[method](path);
    if (token !== null) call.set('Authorization', `Bearer ${token}`);
    const response = await (body === undefined ? call : call.send(body));
    contract.assert(response);
    return response;
  };
}
