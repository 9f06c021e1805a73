import { ConfigError, loadConfig, RATE_LIMIT_VARIABLES } from '../../../lib/config';
import { REQUIRED_ENV } from '../../fixtures/required-env';

const valid = REQUIRED_ENV;

describe('loadConfig', () => {
  it('parses a valid environment with defaults and normalised admin emails', () => {
    const config = loadConfig({ ...valid, ADMIN_EMAILS: ' Boss@Studio.fr , ,ops@studio.fr' });
    expect(config).toMatchObject({
      PORT: 3000,
      TEMPORAL_NAMESPACE: 'default',
      S3_BUCKET: 'studio',
      ADMIN_EMAILS: ['boss@studio.fr', 'ops@studio.fr'],
    });
  });

  it('names every missing or malformed variable in one line', () => {
    const env: NodeJS.ProcessEnv = { ...valid, TEMPORAL_ADDRESS: 'no-port', PORT: 'eighty' };
    delete env.SMTP_URL;
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('SMTP_URL is missing');
    expect(message).toContain('TEMPORAL_ADDRESS is invalid');
    expect(message).toContain('PORT is invalid');
  });

  it('refuses a database URL of another scheme', () => {
    expect(() => loadConfig({ ...valid, DATABASE_URL: 'mysql://u:p@db/studio' })).toThrow(/DATABASE_URL is invalid/);
  });

  it('reads each rate limit as count/seconds, with the spec and DESIGN defaults', () => {
    const config = loadConfig({ ...valid, RATE_LIMIT_EXPORT_SYNC: ' 20 / 30 ' });
    expect(config).toMatchObject({
      RATE_LIMIT_AUTH_LOGIN: { count: 10, seconds: 900 },
      RATE_LIMIT_AUTH_REGISTER: { count: 30, seconds: 3600 },
      RATE_LIMIT_EXPORT_SYNC: { count: 20, seconds: 30 },
      RATE_LIMIT_EXPORT_ASYNC: { count: 5, seconds: 60 },
      RATE_LIMIT_EMAIL_SEND: { count: 60, seconds: 3600 },
      RATE_LIMIT_CONTACT_FORM: { count: 10, seconds: 3600 },
      API_PROCESSES: 1,
    });
  });

  it('names a malformed rate limit in one line', () => {
    for (const value of ['10 per minute', '0/60', '10/0', '10', '-1/60']) {
      expect(() => loadConfig({ ...valid, RATE_LIMIT_AUTH_LOGIN: value })).toThrow(
        /^Configuration error: RATE_LIMIT_AUTH_LOGIN is invalid \(must be count\/seconds[^\n]*$/,
      );
    }
  });

  it('names each rate limit variable after its key prefix', () => {
    for (const [prefix, variable] of Object.entries(RATE_LIMIT_VARIABLES)) {
      expect(variable).toBe(`RATE_LIMIT_${prefix.toUpperCase().replace(/:/g, '_')}`);
    }
  });
});
