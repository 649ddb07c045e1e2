import type { WorkEntryDto } from './dto/work-entry.dto';
import type { WorkEntry } from './persistence/experience.repository';

export function toWorkEntry(entry: WorkEntry): WorkEntryDto {
  return {
    id: entry.id,
    company: entry.company,
    role: entry.role,
    period: entry.period,
    location: entry.location,
    type: entry.type,
    description: entry.description,
    responsibilities: entry.responsibilities,
    technologies: entry.technologies,
    note: entry.note,
    additionalProjects: entry.additionalProjects,
    achievement: entry.achievement,
  };
}
