import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The certificate of 127.0.0.1 and localhost, signed by the tests' CA (vitest.config.mts has Node trust it). */
const TLS = { key: readFileSync(join(__dirname, 'tls/localhost-key.pem')), cert: readFileSync(join(__dirname, 'tls/localhost.pem')) };

export const CREDLY_USER = 'mara-jansen';
export const MS_LEARN_SHARE = 'd8yjji6kmml5jg0';

interface CredlyBadgeFixture {
  id: string;
  name: string;
  issuedAt: string;
  expiresAt: string | null;
}

/**
 * Credly, Microsoft Learn and three Open Badges issuers on one local HTTPS server, answering
 * with payloads shaped like the real ones. Each provider can be told to fail.
 */
export class LocalBadgeProviders {
  credlyBadges: CredlyBadgeFixture[] = [];
  credlyFailure: 'status' | 'invalid-json' | undefined;
  /** `hang` accepts the request and never answers. */
  msLearnFailure: 'status' | 'invalid-json' | 'hang' | undefined;
  readonly requests: string[] = [];
  private server: Server | undefined;
  private port = 0;

  get baseUrl(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /**
   * Two hosted assertions (one embeds its BadgeClass, one links it and its issuer) and one that
   * answers 500; and hostile ones: links and images that are not https, a BadgeClass on another
   * origin, a BadgeClass that redirects.
   */
  get assertionUrls(): {
    embedded: string;
    linked: string;
    broken: string;
    hostileLinks: string;
    foreignBadge: string;
    redirectingBadge: string;
  } {
    const assertion = (id: string) => `${this.baseUrl}/openbadges/assertions/${id}`;
    return {
      embedded: assertion('5b8e2c7a'),
      linked: assertion('91d04f3e'),
      broken: assertion('broken'),
      hostileLinks: assertion('hostile-links'),
      foreignBadge: assertion('foreign-badge'),
      redirectingBadge: assertion('redirecting-badge'),
    };
  }

  async start(): Promise<void> {
    this.server = createServer(TLS, (req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  reset(): void {
    this.credlyFailure = undefined;
    this.msLearnFailure = undefined;
    this.requests.length = 0;
    this.credlyBadges = [
      {
        id: '0a1b2c3d-0000-4000-8000-000000000001',
        name: 'Certified Kubernetes Administrator (CKA)',
        issuedAt: '2024-02-11T09:12:44.000-05:00',
        expiresAt: '2027-02-11T00:00:00.000-05:00',
      },
      {
        id: '0a1b2c3d-0000-4000-8000-000000000002',
        name: 'HashiCorp Certified: Terraform Associate (003)',
        issuedAt: '2023-09-04T14:03:10.000-05:00',
        expiresAt: '2025-09-04T00:00:00.000-05:00',
      },
      {
        id: '0a1b2c3d-0000-4000-8000-000000000003',
        name: 'AWS Certified Solutions Architect – Associate',
        issuedAt: '2022-06-20T10:00:00.000-05:00',
        expiresAt: null,
      },
    ];
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === `/users/${CREDLY_USER}/badges.json`) return this.credly(res, Number(url.searchParams.get('page') ?? '1'));
    if (url.pathname === `/api/profiles/transcript/share/${MS_LEARN_SHARE}` && url.searchParams.get('locale') === 'en-us') {
      return this.msLearn(res);
    }
    const openBadge = OPEN_BADGES(this.baseUrl)[url.pathname];
    if (openBadge) return json(res, 200, openBadge);
    if (url.pathname === '/openbadges/assertions/broken') return json(res, 500, { error: 'internal' });
    if (url.pathname === '/openbadges/badges/moved') {
      res.writeHead(302, { Location: 'https://elsewhere.example/badges/green-software' });
      return void res.end();
    }
    json(res, 404, { error: 'not found' });
  }

  private credly(res: ServerResponse, page: number): void {
    if (this.credlyFailure === 'status') return json(res, 503, { error: 'Service Unavailable' });
    if (this.credlyFailure === 'invalid-json') return raw(res, '<html>maintenance</html>');
    const perPage = 2;
    const badges = this.credlyBadges.slice((page - 1) * perPage, page * perPage);
    const totalPages = Math.ceil(this.credlyBadges.length / perPage);
    json(res, 200, {
      data: badges.map((badge) => ({
        id: badge.id,
        expires_at_date: badge.expiresAt?.slice(0, 10) ?? null,
        issued_at_date: badge.issuedAt.slice(0, 10),
        issued_to: 'Mara Jansen',
        locale: 'en',
        public: true,
        state: 'accepted',
        expires_at: badge.expiresAt,
        issued_at: badge.issuedAt,
        image_url: `https://images.credly.com/images/${badge.id}/image.png`,
        badge_template: {
          id: `tmpl-${badge.id.slice(-4)}`,
          name: badge.name,
          description: `Earners of the ${badge.name} badge have shown the skills the exam covers.`,
          image_url: `https://images.credly.com/images/${badge.id}/template.png`,
          url: `https://www.credly.com/org/example/badge/${badge.id}`,
        },
        issuer: {
          summary: 'issued by Linux Foundation',
          entities: [
            {
              label: 'Issued by',
              primary: true,
              entity: {
                type: 'Organization',
                id: 'org-1',
                name: 'The Linux Foundation',
                url: 'https://www.credly.com/org/the-linux-foundation',
              },
            },
          ],
        },
      })),
      metadata: {
        count: badges.length,
        current_page: page,
        total_count: this.credlyBadges.length,
        total_pages: totalPages,
        per: perPage,
        previous_page_url: page > 1 ? `${this.baseUrl}/users/${CREDLY_USER}/badges.json?page=${page - 1}` : null,
        next_page_url: page < totalPages ? `${this.baseUrl}/users/${CREDLY_USER}/badges.json?page=${page + 1}` : null,
      },
    });
  }

  private msLearn(res: ServerResponse): void {
    if (this.msLearnFailure === 'status') return json(res, 502, { error: 'Bad Gateway' });
    if (this.msLearnFailure === 'invalid-json') return raw(res, '{"certificationData": ');
    if (this.msLearnFailure === 'hang') return;
    json(res, 200, {
      userName: 'MaraJansen',
      displayName: 'Mara Jansen',
      totalModulesCompleted: 112,
      certificationData: {
        totalActiveCertifications: 2,
        activeCertifications: [
          {
            name: 'Microsoft Certified: Azure Developer Associate',
            certificationNumber: 'H591-2044',
            dateEarned: '2024-03-02T00:00:00+00:00',
            expiration: '2026-03-02T23:59:59.999+00:00',
            status: 'Active',
          },
          {
            name: 'Microsoft Certified: DevOps Engineer Expert',
            certificationNumber: 'J204-7781',
            dateEarned: '2025-01-15T00:00:00+00:00',
            expiration: '2026-01-15T23:59:59.999+00:00',
            status: 'Active',
          },
        ],
        historicalCertifications: [],
      },
      examData: { passedExams: [] },
    });
  }
}

const OPEN_BADGES = (base: string): Record<string, object> => ({
  '/openbadges/assertions/5b8e2c7a': {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'Assertion',
    id: `${base}/openbadges/assertions/5b8e2c7a`,
    recipient: {
      type: 'email',
      hashed: true,
      salt: 'deadsea',
      identity: 'sha256$c7ef86405ba71b85acd8e2e95166c4b111448089f2e1599f42fe1bba46e865c5',
    },
    issuedOn: '2023-05-17T08:30:00Z',
    expires: '2028-05-17T08:30:00Z',
    image: `${base}/openbadges/images/5b8e2c7a.png`,
    verification: { type: 'hosted' },
    badge: {
      type: 'BadgeClass',
      id: `${base}/openbadges/badges/scrum-developer`,
      name: 'Professional Scrum Developer I',
      description: 'Demonstrates the ability to build software in a Scrum team.',
      image: `${base}/openbadges/images/scrum-developer.png`,
      criteria: { narrative: 'Pass the PSD I assessment.' },
      issuer: { type: 'Profile', id: `${base}/openbadges/issuers/scrum-org`, name: 'Scrum.org', url: 'https://www.scrum.org' },
    },
  },
  '/openbadges/assertions/91d04f3e': {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'Assertion',
    id: `${base}/openbadges/assertions/91d04f3e`,
    recipient: { type: 'email', hashed: false, identity: 'mara@marajansen.example' },
    issuedOn: '2024-10-01T12:00:00Z',
    verification: { type: 'hosted' },
    badge: `${base}/openbadges/badges/green-software`,
  },
  '/openbadges/badges/green-software': {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'BadgeClass',
    id: `${base}/openbadges/badges/green-software`,
    name: 'Green Software Practitioner',
    description: 'Principles of building carbon-efficient software.',
    image: { id: `${base}/openbadges/images/green-software.png`, caption: 'Green Software' },
    criteria: { id: 'https://learn.greensoftware.foundation' },
    issuer: `${base}/openbadges/issuers/gsf`,
  },
  '/openbadges/issuers/gsf': {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'Profile',
    id: `${base}/openbadges/issuers/gsf`,
    name: 'Green Software Foundation',
    url: 'https://greensoftware.foundation',
  },
  '/openbadges/assertions/hostile-links': {
    type: 'Assertion',
    id: 'javascript:alert(document.cookie)',
    issuedOn: '2024-01-01T00:00:00Z',
    image: 'http://insecure.example/badge.png',
    badge: {
      type: 'BadgeClass',
      name: 'Click Me',
      image: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+',
      // The same server under another name is another origin: its profile is not fetched.
      issuer: `${base.replace('127.0.0.1', 'localhost')}/openbadges/issuers/gsf`,
    },
  },
  '/openbadges/assertions/foreign-badge': {
    type: 'Assertion',
    id: `${base}/openbadges/assertions/foreign-badge`,
    badge: `${base.replace('127.0.0.1', 'localhost')}/openbadges/badges/green-software`,
  },
  '/openbadges/assertions/redirecting-badge': {
    type: 'Assertion',
    id: `${base}/openbadges/assertions/redirecting-badge`,
    badge: `${base}/openbadges/badges/moved`,
  },
});

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function raw(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(body);
}
