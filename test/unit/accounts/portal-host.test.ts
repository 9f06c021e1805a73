import { clientLinkBase } from '../../../domain/accounts/portal-host';

describe('clientLinkBase', () => {
  const app = 'https://app.studio.example/';
  const tenant = 'https://%s.studio.example';
  it("uses the studio's tenant host only when its plan has the studio page and it has a slug", () => {
    expect(clientLinkBase({ plan: 'studio', tenant_slug: 'atelier-lumiere' }, app, tenant)).toBe(
      'https://atelier-lumiere.studio.example',
    );
    expect(clientLinkBase({ plan: 'pro', tenant_slug: 'atelier-lumiere' }, app, tenant)).toBe(
      'https://app.studio.example',
    );
    expect(clientLinkBase({ plan: 'free', tenant_slug: null }, app, tenant)).toBe('https://app.studio.example');
    expect(clientLinkBase({ plan: 'studio', tenant_slug: null }, app, tenant)).toBe('https://app.studio.example');
  });
});
