import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createRoadmapActivities, type RoadmapDeps } from '../../../../activities/roadmap';
import { type ClientInfoView } from '../../../../db/queries/client-info';
import { type RoadmapSources } from '../../../../db/queries/roadmap-sources';
import { type Chromium } from '../../../../lib/chromium';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const sources = {
  session: {
    id: 'session-1',
    title: 'Mariage Dupont',
    start_date: new Date('2026-06-12T14:00:00Z'),
    end_date: null,
    location: 'Lyon',
    notes: null,
  },
  owner: { name: 'Studio Lumière', email: 's@example.com', locale: 'fr-FR', time_zone: 'Europe/Paris', logo_key: null },
  company: null,
  contact: { first_name: 'Léa', last_name: 'Dupont', email: 'lea@example.com', phone_number: null },
} as unknown as RoadmapSources;

const clientInfo: ClientInfoView = {
  session_id: 'session-1',
  template_id: null,
  fields: [],
  responses: {},
  submitted_via: null,
  submitted_at: null,
};

function setUp(overrides: Partial<RoadmapDeps> = {}) {
  const { s3, puts } = fakeS3();
  const deps: RoadmapDeps = {
    s3,
    bucket: 'studio',
    chromium: { browser: jest.fn() } as unknown as Chromium,
    loadRoadmapSources: jest.fn(async () => sources),
    readClientInfo: jest.fn(async () => clientInfo),
    ...overrides,
  };
  return { activities: createRoadmapActivities(deps), deps, puts };
}

const input = { jobRunId: 'job-1', payload: { ownerId: 'owner-1', sessionId: 'session-1', format: 'docx' as const } };

describe('renderRoadmap with fake deps', () => {
  it("stores the session's docx roadmap under temp/ and answers its key and name", async () => {
    const { activities, deps, puts } = setUp();
    expect(await env(1).run(activities.renderRoadmap, input)).toEqual({
      key: 'temp/owner-1/roadmaps/job-1/roadmap-session-1.docx',
      filename: 'roadmap-session-1.docx',
    });
    expect(deps.loadRoadmapSources).toHaveBeenCalledWith('owner-1', 'session-1');
    expect(puts).toHaveLength(1);
    expect(puts[0].input).toMatchObject({
      Bucket: 'studio',
      Key: 'temp/owner-1/roadmaps/job-1/roadmap-session-1.docx',
      ContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    // A docx is a zip: PK.
    expect((puts[0].input.Body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect(deps.chromium.browser).not.toHaveBeenCalled();
  });

  it('refuses for good (not_found, non-retryable) when the session is not the owner’s, and stores nothing', async () => {
    const { activities, puts } = setUp({ loadRoadmapSources: jest.fn(async () => null) });
    const failure = await env(1)
      .run(activities.renderRoadmap, input)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true });
    expect(puts).toEqual([]);
  });

  it('a retry (attempt 2) overwrites the same object rather than adding another', async () => {
    const { activities, puts } = setUp();
    const first = await env(1).run(activities.renderRoadmap, input);
    const second = await env(2).run(activities.renderRoadmap, input);
    expect(second).toEqual(first);
    expect(puts.map((p) => p.input.Key)).toEqual([
      'temp/owner-1/roadmaps/job-1/roadmap-session-1.docx',
      'temp/owner-1/roadmaps/job-1/roadmap-session-1.docx',
    ]);
  });
});
