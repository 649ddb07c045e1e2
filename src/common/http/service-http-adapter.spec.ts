import { Controller, Get, Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { App } from 'supertest/types';
import { type FrontDoor, ServiceHttpAdapter } from './service-http-adapter';

@Controller()
class ProbeController {
  @Get('through-express')
  answer(): { by: string } {
    return { by: 'express' };
  }
}

/** An app whose Express notes every URL it sees, with a front door before it. */
async function appWithFrontDoor(frontDoor: FrontDoor): Promise<{ app: NestExpressApplication; server: App; seenByExpress: string[] }> {
  const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
  const adapter = new ServiceHttpAdapter();
  const app = moduleRef.createNestApplication<NestExpressApplication>(adapter, { logger: false });
  const seenByExpress: string[] = [];
  app.use((req: { url: string }, _res: unknown, next: () => void) => {
    seenByExpress.push(req.url);
    next();
  });
  adapter.answerFirstWith(frontDoor);
  await app.init();
  return { app, server: app.getHttpServer() as App, seenByExpress };
}

describe('ServiceHttpAdapter front door', () => {
  it('answers what it takes before Express, and passes the rest on untouched', async () => {
    const { app, server, seenByExpress } = await appWithFrontDoor((req, res, next) => {
      if (req.url !== '/at-the-door') return next();
      res.writeHead(200, ['Content-Type', 'application/json']).end('{"by":"front door"}');
    });
    try {
      await request(server).get('/at-the-door').expect(200, { by: 'front door' });
      await request(server).get('/through-express').expect(200, { by: 'express' });
      expect(seenByExpress).toEqual(['/through-express']);
    } finally {
      await app.close();
    }
  });

  it('lets the app answer when the front door fails before answering, and logs the fault', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { app, server } = await appWithFrontDoor(() => {
      throw new Error('a fault of its own');
    });
    try {
      await request(server).get('/through-express').expect(200, { by: 'express' });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ event: 'front_door_failed', reason: expect.stringContaining('a fault of its own') }),
      );
    } finally {
      logged.mockRestore();
      await app.close();
    }
  });
});
