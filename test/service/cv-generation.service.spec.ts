import type { TestingModule } from '@nestjs/testing';
import { DEMO_CONTENT } from '@/content';
import { CvGenerationService } from '@/cv/cv-generation.service';
import { ChromiumPdfRenderer } from '@/cv/pdf/chromium-pdf.renderer';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { cvFontsMissing } from '@test/support/fonts';
import { memoryStorage } from '@test/support/memory-storage';
import { pdfText } from '@test/support/pdf-text';
import { serviceContext } from '@test/support/service-context';

// Section headings print in capitals (CSS text-transform), and so the PDF's text has them.
const ENGLISH = ['Mara Jansen', 'WORK EXPERIENCE', 'Nordlicht Mobility', 'TypeScript', 'SKILLS', 'CERTIFICATIONS'];
const DUTCH = ['Mara Jansen', 'WERKERVARING', 'Nordlicht Mobility', 'TypeScript', 'VAARDIGHEDEN', 'CERTIFICERINGEN'];

/** What a generated CV prints, from the content as it is, rendered by the real Chromium. */
describe('a generated CV', () => {
  let context: TestingModule;
  const cv = () => context.get(CvGenerationService);

  beforeAll(async () => {
    context = await serviceContext({ FEATURE_CV_GENERATION: 'true' }, memoryStorage(DEMO_CONTENT));
  });
  afterAll(() => context.close());

  it.each([
    ['english', ENGLISH],
    ['nederlands', DUTCH],
  ] as const)('prints the current content in %s, a project added a moment ago included', async (lang, expected) => {
    await context.get(ProjectsService).create({ title: `Harbour Radar ${lang}`, description: 'Berth planning.' });
    const text = await pdfText(await cv().generate(lang));
    for (const phrase of [...expected, `Harbour Radar ${lang}`]) expect(text).toContain(phrase);
  });

  it.each([
    ['english', 'Backend engineer, in English', 'Builds calm, dependable services.'],
    ['nederlands', 'Backend-engineer, in het Nederlands', 'Bouwt rustige, betrouwbare services.'],
  ] as const)('introduces the person of the profile, in the %s CV', async (lang, headline, summary) => {
    await context.get(ProfileService).replace({
      name: 'Noor Visser',
      headline: { english: 'Backend engineer, in English', nederlands: 'Backend-engineer, in het Nederlands' },
      summary: { english: 'Builds calm, dependable services.', nederlands: 'Bouwt rustige, betrouwbare services.' },
      links: [{ label: 'GitHub', url: 'https://github.com/noorvisser' }],
    });
    const text = await pdfText(await cv().generate(lang));
    for (const phrase of ['Noor Visser', headline, summary, 'GitHub https://github.com/noorvisser']) expect(text).toContain(phrase);
  });

  it.skipIf(cvFontsMissing() !== undefined)('prints text in any script as itself, in fonts that cover it', async () => {
    const scripts = {
      accented: 'Zoë Ångström-Müller, Besançon',
      greek: 'Ελληνικά κείμενα',
      cyrillic: 'Кириллица и текст',
      arabic: 'مهندس برمجيات',
      japanese: 'ソフトウェアエンジニア',
      emoji: '🚀🌍',
    };
    await context.get(ProfileService).replace({
      name: scripts.accented,
      headline: { english: `${scripts.greek} · ${scripts.cyrillic}` },
      summary: { english: `${scripts.arabic} ${scripts.japanese} ${scripts.emoji}` },
    });
    const pdf = await cv().generate('english');
    // The fonts the PDF embeds, as their descriptors name them (subset prefix dropped): Latin, Greek
    // and Cyrillic in Liberation Sans, Arabic in DejaVu Sans, Japanese in Noto Sans CJK, emoji in Noto Color Emoji.
    const fonts = [...pdf.toString('latin1').matchAll(/\/FontName \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]);
    expect(fonts).toEqual(
      expect.arrayContaining(['LiberationSans', 'DejaVuSans', expect.stringMatching(/^NotoSansCJK/), 'NotoColorEmoji']),
    );
    const text = await pdfText(pdf);
    for (const sample of [scripts.accented, scripts.greek, scripts.cyrillic, scripts.japanese]) expect(text).toContain(sample);
  });

  it('launches the browser again after it crashed', async () => {
    const renderer = context.get(ChromiumPdfRenderer);
    await cv().generate('english');
    const pid = await renderer.browserPid();
    expect(pid).toEqual(expect.any(Number));
    process.kill(pid!, 'SIGKILL');
    await vi.waitFor(() => expect(() => process.kill(pid!, 0)).toThrow());
    expect((await cv().generate('english')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await renderer.browserPid()).not.toBe(pid);
  });
});
