import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { limitsConfig } from '@/config/limits.config';
import { clientKeyOf } from './client-address';
import { RATE_LIMIT, RateLimitPolicy } from './rate-limit.decorator';
import { RateLimitStore } from './rate-limit.store';

/**
 * Applies @RateLimit() per client and route. The client is `req.ip`, which Express derives from
 * X-Forwarded-For only as far as TRUST_PROXY allows, so a forged header changes nothing.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
    @Inject(limitsConfig.KEY) private readonly limits: ConfigType<typeof limitsConfig>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT, context.getHandler());
    if (!policy || !this.limits.rateLimitEnabled) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    const { count, resetInMs } = await this.store.hit(`${route}:${clientKeyOf(request.ip)}`, policy.windowMs);
    if (count <= policy.limit) return true;
    http.getResponse<Response>().setHeader('Retry-After', Math.max(1, Math.ceil(resetInMs / 1000)));
    throw new HttpException({ detail: 'Rate limit exceeded' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
