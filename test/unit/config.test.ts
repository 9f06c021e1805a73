import { ConfigError, loadConfig } from '../../lib/config';

const valid = {
  DATABASE_URL: 'postgres://u:p@db:5432/studio',
  TEMPORAL_ADDRESS: 'temporal:7233',
  S3_ENDPOINT: 'http://s3:7070',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  SMTP_URL: 'smtp://mail:1025',
  JWT_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('parses a valid environment with defaults and normalised admin emails', () => {
    const config = loadConfig({ ...valid, ADMIN_EMAILS: ' Boss@Studio.fr , ,ops@studio.fr' });
    expect(config).toMatchObject({ PORT: 3000, TEMPORAL_NAMESPACE: 'default', S3_BUCKET: 'studio', ADMIN_EMAILS: ['boss@studio.fr', 'ops@studio.fr'] });
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
});
