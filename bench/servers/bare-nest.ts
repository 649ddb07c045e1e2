/** (b) A bare NestJS-on-Express controller returning the same values: what Nest costs by itself. */
import 'reflect-metadata';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { benchBodies, benchPort } from './bodies';

const values = new Map(Object.entries(benchBodies()).map(([path, body]) => [path, JSON.parse(body) as unknown]));

@Controller('api')
class BareController {
  @Get('projects')
  projects(): unknown {
    return values.get('/api/projects');
  }

  @Get('projects/:slug')
  project(@Param('slug') slug: string): unknown {
    return values.get(`/api/projects/${slug}`);
  }

  @Get('experience')
  experience(): unknown {
    return values.get('/api/experience');
  }

  @Get('skills')
  skills(): unknown {
    return values.get('/api/skills');
  }

  @Get('awards')
  awards(): unknown {
    return values.get('/api/awards');
  }

  @Get('certifications')
  certifications(): unknown {
    return values.get('/api/certifications');
  }

  @Get('profile')
  profile(): unknown {
    return values.get('/api/profile');
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

void NestFactory.create(BareModule, { logger: false }).then((app) => app.listen(benchPort(), '127.0.0.1'));
