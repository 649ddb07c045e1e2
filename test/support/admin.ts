import request from 'supertest';
import type { TestApp } from './test-app';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Sends a request, as admin unless told otherwise. */
export function apiClient(testApp: TestApp) {
  return async (method: Method, path: string, body?: object, token: string | null = ADMIN_TOKEN) => {
    const call = request(testApp.server)[method](path);
    if (token !== null) call.set('Authorization', `Bearer ${token}`);
    return body === undefined ? call : call.send(body);
  };
}
