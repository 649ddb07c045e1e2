import type request from 'supertest';

/** The request, its answer's body read whole as a Buffer, whatever its type (a PNG, a PDF, an archive). */
export const binary = (test: request.Test): request.Test =>
  test.buffer(true).parse((res, callback) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  });
