import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { CONTENT_STORE_UNAVAILABLE as UNAVAILABLE } from '@/common/openapi/common-responses';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { DeliveryAcceptedDto, RegisteredWebhookDto, WebhookDto, WebhookSecretDto } from './dto/webhook.dto';
import { WebhookDeliveryDto } from './dto/webhook-delivery.dto';
import { DeliveriesQueryDto, DeliveryIdParams, WebhookIdParams } from './dto/webhook-params.dto';
import { EXAMPLE_RECEIVER_URL } from './webhooks.examples';
import { WebhooksService } from './webhooks.service';

const NEEDS_A_DATABASE = 'Webhooks are kept in the database (503 without one).';
const NOT_FOUND = { description: 'No webhook has this id', detail: 'Webhook 9b2f4c6e-1a3d-4e5f-8a7b-0c1d2e3f4a5b not found' };

/** Receivers of the owner's (a static site's build hook): told of every change visitors can see, signed as Standard Webhooks says. */
@ApiTags('webhooks')
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('admin/webhooks')
  @AdminOperation({
    operationId: 'createWebhook',
    summary: 'Register a receiver: its secret is in this answer only',
    description:
      'Events: content.published (every change visitors can see, changes within 2 s in one event), cv.changed, contact.received (never the address or the text). ' +
      'Each is a POST of { type, timestamp, data } with webhook-id, webhook-timestamp and webhook-signature, as the standardwebhooks libraries verify; ' +
      `any 2xx within 10 s is delivered, anything else is tried again (WEBHOOK_RETRY_DELAYS). ${NEEDS_A_DATABASE}`,
    body: {
      example: { url: EXAMPLE_RECEIVER_URL, events: ['content.published'], description: 'Rebuild the site on Netlify' },
      summary: 'A Netlify build hook',
    },
    responses: { 503: UNAVAILABLE, 201: RegisteredWebhookDto },
  })
  register(@Body() webhook: CreateWebhookDto): Promise<RegisteredWebhookDto> {
    return this.webhooks.register(webhook);
  }

  @Get('admin/webhooks')
  @AdminOperation({
    operationId: 'listWebhooks',
    summary: 'The receivers, oldest first, without their secrets',
    description: NEEDS_A_DATABASE,
    responses: { 503: UNAVAILABLE, 200: [WebhookDto] },
  })
  list(): Promise<WebhookDto[]> {
    return this.webhooks.list();
  }

  @Get('admin/webhooks/:webhook_id')
  @AdminOperation({
    operationId: 'getWebhook',
    summary: 'One receiver, without its secret',
    description: NEEDS_A_DATABASE,
    responses: { 503: UNAVAILABLE, 200: WebhookDto, 404: NOT_FOUND },
  })
  get(@Param() { webhook_id }: WebhookIdParams): Promise<WebhookDto> {
    return this.webhooks.get(webhook_id);
  }

  @Patch('admin/webhooks/:webhook_id')
  @AdminOperation({
    operationId: 'updateWebhook',
    summary: 'Change a receiver’s URL, events or description, or turn it off and on',
    description: NEEDS_A_DATABASE,
    body: { example: { enabled: false }, summary: 'Turn it off' },
    responses: { 503: UNAVAILABLE, 200: WebhookDto, 404: NOT_FOUND },
  })
  update(@Param() { webhook_id }: WebhookIdParams, @Body() changes: UpdateWebhookDto): Promise<WebhookDto> {
    return this.webhooks.update(webhook_id, changes);
  }

  @Delete('admin/webhooks/:webhook_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'deleteWebhook',
    summary: 'Remove a receiver and its deliveries',
    description: NEEDS_A_DATABASE,
    responses: { 503: UNAVAILABLE, 204: { description: 'Removed' }, 404: NOT_FOUND },
  })
  remove(@Param() { webhook_id }: WebhookIdParams): Promise<void> {
    return this.webhooks.remove(webhook_id);
  }

  @Post('admin/webhooks/:webhook_id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'A new secret: deliveries from now on are signed with it',
    description: NEEDS_A_DATABASE,
    responses: { 503: UNAVAILABLE, 200: WebhookSecretDto, 404: NOT_FOUND },
  })
  rotateSecret(@Param() { webhook_id }: WebhookIdParams): Promise<WebhookSecretDto> {
    return this.webhooks.rotateSecret(webhook_id);
  }

  @Post('admin/webhooks/:webhook_id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @AdminOperation({
    operationId: 'sendWebhookTest',
    summary: 'Send it a webhook.test event now, whatever it subscribes to',
    description: `Its deliveries show how it went. ${NEEDS_A_DATABASE}`,
    responses: { 503: UNAVAILABLE, 202: DeliveryAcceptedDto, 404: NOT_FOUND },
  })
  test(@Param() { webhook_id }: WebhookIdParams): Promise<DeliveryAcceptedDto> {
    return this.webhooks.test(webhook_id);
  }

  @Get('admin/webhooks/:webhook_id/deliveries')
  @AdminOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'A receiver’s deliveries, newest first (kept 30 days once finished)',
    description: NEEDS_A_DATABASE,
    responses: { 503: UNAVAILABLE, 200: [WebhookDeliveryDto], 404: NOT_FOUND },
  })
  deliveries(@Param() { webhook_id }: WebhookIdParams, @Query() { limit }: DeliveriesQueryDto): Promise<WebhookDeliveryDto[]> {
    return this.webhooks.deliveriesOf(webhook_id, limit);
  }

  @Post('admin/webhook-deliveries/:delivery_id/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @AdminOperation({
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now, with the same webhook-id',
    description: NEEDS_A_DATABASE,
    responses: {
      503: UNAVAILABLE,
      202: DeliveryAcceptedDto,
      404: { description: 'No delivery has this id', detail: 'Delivery msg_2f6c0d3e8a1b4c5d9e7f0a1b2c3d4e5f not found' },
    },
  })
  retry(@Param() { delivery_id }: DeliveryIdParams): Promise<DeliveryAcceptedDto> {
    return this.webhooks.retry(delivery_id);
  }
}
