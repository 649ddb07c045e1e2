import { Injectable, type INestApplication, Module, type OnModuleInit } from '@nestjs/common';
import { type OpenApiSections, type OpenApiServers, setUpOpenApi } from './openapi.document';

/**
 * Serves the explorer (/docs) and /openapi.json behind the API's routes. Express walks its
 * routes in the order they were added, and Nest adds the API's while the app initialises: set
 * up in configureApp, the explorer's seven routes would be walked by every API request first.
 * onModuleInit runs after Nest's routes and before its not-found handler.
 */
@Injectable()
export class OpenApiExplorer implements OnModuleInit {
  private setUp: (() => void) | undefined;

  serveFor(app: INestApplication, servers: OpenApiServers, sections: OpenApiSections): void {
    this.setUp = () => setUpOpenApi(app, servers, sections);
  }

  onModuleInit(): void {
    this.setUp?.();
    this.setUp = undefined;
  }
}

@Module({ providers: [OpenApiExplorer] })
export class OpenApiModule {}
