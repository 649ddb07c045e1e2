import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { assertPublicTarget } from './webhook-targets';

describe('a webhook receiver', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
  ])('inside a network, %s, is refused at the URL', async (url) => {
    const refusal = await assertPublicTarget(url, ['body', 'url']).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestValidationException);
    expect((refusal as RequestValidationException).issues).toEqual([
      { loc: ['body', 'url'], msg: expect.stringContaining('WEBHOOK_ALLOW_PRIVATE_TARGETS'), type: 'value_error' },
    ]);
  });

  it('at a public address passes', async () => {
    await expect(assertPublicTarget('https://93.184.216.34/hook', ['body', 'url'])).resolves.toBeUndefined();
  });
});
