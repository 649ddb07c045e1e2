import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { limitsConfig } from './limits.config';

describe('configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('applies the documented defaults', () => {
    delete process.env.PORT;
    delete process.env.APP_ENV;
    delete process.env.TRUST_PROXY;
    expect(appConfig()).toMatchObject({
      port: 8000,
      environment: 'dev',
      trustProxy: false,
      openApiServers: { production: 'https://api.example.com', dev: 'https://dev-api.example.com' },
    });
    delete process.env.RATE_LIMIT_ENABLED;
    delete process.env.READ_MODEL_MAX_BYTES;
    expect(limitsConfig()).toEqual({ rateLimitEnabled: true, readModelMaxBytes: 67_108_864 });
  });

  it('parses numbers, booleans and trust-proxy forms', () => {
    process.env.PORT = '9001';
    process.env.TRUST_PROXY = '2';
    process.env.RATE_LIMIT_ENABLED = 'false';
    process.env.READ_MODEL_MAX_BYTES = '1048576';
    expect(appConfig()).toMatchObject({ port: 9001, trustProxy: 2 });
    expect(limitsConfig()).toEqual({ rateLimitEnabled: false, readModelMaxBytes: 1_048_576 });
    delete process.env.READ_MODEL_MAX_BYTES;
    for (const accepted of ['loopback, 10.0.0.0/8', '203.0.113.7', '2001:db8::/32, uniquelocal', '10.0.0.0/255.0.0.0']) {
      process.env.TRUST_PROXY = accepted;
      expect(appConfig().trustProxy).toBe(accepted);
    }
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535'],
    ['APP_ENV', 'staging', 'APP_ENV must be dev or prod'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be false, true, a number of proxies'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY must be false, true, a number of proxies'],
    ['TRUST_PROXY', 'loopback, 10.0.0', 'TRUST_PROXY must be false, true, a number of proxies'],
  ])('rejects %s=%s with one line naming it', (name, value, reason) => {
    process.env[name] = value;
    expect(() => appConfig()).toThrow(reason);
  });

  it('rejects a non-boolean RATE_LIMIT_ENABLED', () => {
    process.env.RATE_LIMIT_ENABLED = 'yes';
    expect(() => limitsConfig()).toThrow('Invalid configuration: RATE_LIMIT_ENABLED must be true or false');
  });

  it('refuses an admin token shorter than 32 characters, saying how to make one', () => {
    process.env.API_ADMIN_TOKEN = 'change-me';
    expect(() => authConfig()).toThrow(
      /^Invalid configuration: API_ADMIN_TOKEN must be at least 32 characters \(make one with `openssl rand -base64 32`\)/,
    );
    process.env.API_ADMIN_TOKEN = 'x'.repeat(32);
    expect(authConfig().adminToken).toBe('x'.repeat(32));
    process.env.API_ADMIN_TOKEN = '';
    expect(authConfig().adminToken).toBe('');
  });
});
