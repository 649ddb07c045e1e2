import { DEMO_CONTENT } from '@/content';

/**
 * The explorer's example bodies: complete, realistic, and each works as it stands on the demo
 * content (a new slug to create, an existing one to change).
 */
const [TIDEWATCH] = DEMO_CONTENT.projects;

export const CREATE_PROJECT_EXAMPLE = {
  title: 'Harbour Planner',
  description: 'Berth planning for inland shipping on the Rhine corridor.',
  slug: 'harbour-planner',
  longDescription:
    'Harbour Planner assigns berths to inland vessels a day ahead, from AIS positions, lock schedules and cargo manifests, ' +
    'so that skippers wait less and terminals plan their cranes.',
  technologies: ['TypeScript', 'NestJS', 'PostgreSQL', 'OR-Tools'],
  category: 'Logistics',
  status: 'Pilot',
  impact: 'Average waiting time at the terminal down from 3 hours to 50 minutes',
  demo: '/projects/harbour-planner',
  image: 'https://images.example.com/projects/harbour-planner.png',
  client: 'Port of Nijmegen',
  overview: 'A planning service and dashboard that proposes a berth schedule for the next 24 hours and updates it as vessels move.',
  challenge: 'Berths were assigned by phone on arrival, so vessels queued while quays stood empty further down the river.',
  solution: 'A constraint solver plans berths from live AIS data every five minutes; the terminal confirms proposals in one click.',
  results: ['Waiting time cut by 70% in the pilot', 'Two terminals share one schedule instead of two phone lines'],
  responsibilities: ['Modelled the berth constraints with the harbour master', 'Built the planning service and its API'],
  embeddedApp: null,
  publicationUrl: null,
  thesisUrl: null,
  translations: {
    nederlands: {
      description: 'Ligplaatsplanning voor de binnenvaart op de Rijncorridor.',
      category: 'Logistiek',
      impact: 'Gemiddelde wachttijd bij de terminal van 3 uur naar 50 minuten',
    },
  },
};

/** PUT: every field, as the demo project has them, with an updated impact. */
export const REPLACE_PROJECT_EXAMPLE = (({ slug: _slug, ...fields }) => ({
  ...fields,
  impact: 'Alerting time cut from 20 minutes to 30 seconds',
}))(TIDEWATCH);

export const PATCH_PROJECT_EXAMPLE = {
  status: 'Maintained',
  impact: 'Alerting time cut from 20 minutes to 30 seconds',
  translations: { nederlands: { status: 'Onderhouden', impact: 'Alarmeringstijd van 20 minuten naar 30 seconden' } },
};

export const REORDER_PROJECTS_EXAMPLE = {
  order: DEMO_CONTENT.projects
    .slice(0, 3)
    .map((project) => project.slug)
    .reverse(),
};

export const EXAMPLE_SLUG = TIDEWATCH.slug;
