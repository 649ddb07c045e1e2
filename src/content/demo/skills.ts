import type { SkillCategoryItem } from '@/content/content-document';

/** Skills name the projects (by title) that used them. */
export const SKILL_CATEGORIES: readonly SkillCategoryItem[] = [
  {
    id: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b01',
    title: 'Languages',
    iconName: 'code',
    iconColor: '#3b82f6',
    skills: [
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a01', name: 'TypeScript', projects: ['tidewatch', 'portfolio-platform'] },
      {
        id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a02',
        name: 'Python',
        projects: ['graph-routing-thesis', 'grid-load-forecasting'],
      },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a03', name: 'Rust', projects: ['ledger-lens'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a04', name: 'C#', projects: ['physio-planner'] },
    ],
    translations: { nederlands: { title: 'Talen' } },
  },
  {
    id: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b02',
    title: 'Backend',
    iconName: 'server',
    iconColor: '#10b981',
    skills: [
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a05', name: 'NestJS', projects: ['tidewatch', 'portfolio-platform'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a06', name: 'FastAPI', projects: ['grid-load-forecasting'] },
      {
        id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a07',
        name: 'PostgreSQL',
        projects: ['tidewatch', 'portfolio-platform', 'graph-routing-thesis'],
      },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a08', name: '.NET', projects: ['physio-planner'] },
    ],
    translations: { nederlands: { title: 'Backend' } },
  },
  {
    id: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b03',
    title: 'Frontend',
    iconName: 'layout',
    iconColor: '#f59e0b',
    skills: [
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a09', name: 'React', projects: ['tidewatch', 'portfolio-platform'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a10', name: 'Angular', projects: ['physio-planner'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a11', name: 'Svelte', projects: ['ledger-lens'] },
    ],
    translations: { nederlands: { title: 'Frontend' } },
  },
  {
    id: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b04',
    title: 'Data & Machine Learning',
    iconName: 'brain',
    iconColor: '#8b5cf6',
    skills: [
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a12', name: 'PyTorch Geometric', projects: ['graph-routing-thesis'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a13', name: 'LightGBM', projects: ['grid-load-forecasting'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a14', name: 'TimescaleDB', projects: ['tidewatch'] },
    ],
    translations: { nederlands: { title: 'Data & machine learning' } },
  },
  {
    id: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b05',
    title: 'Cloud & DevOps',
    iconName: 'cloud',
    iconColor: '#0ea5e9',
    skills: [
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a15', name: 'Azure', projects: ['physio-planner', 'portfolio-platform'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a16', name: 'Kubernetes', projects: ['grid-load-forecasting'] },
      { id: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a17', name: 'Airflow', projects: ['grid-load-forecasting'] },
    ],
    translations: { nederlands: { title: 'Cloud & DevOps' } },
  },
];
