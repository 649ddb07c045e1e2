import { execFileSync } from 'node:child_process';

/** The families the CV prints any script in, each with the Debian package that brings it (.ci/run installs them). */
const CV_FONTS: Record<string, string> = {
  'Liberation Sans': 'fonts-liberation',
  'DejaVu Sans': 'fonts-dejavu-core',
  'Noto Sans CJK': 'fonts-noto-cjk',
  'Noto Color Emoji': 'fonts-noto-color-emoji',
};

/** Why the test of text in any script cannot run here (which fonts are missing, and how to install them), or undefined when it can. */
export function cvFontsMissing(): string | undefined {
  let families: string;
  try {
    families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  } catch {
    return 'fc-list is not installed (apt-get install fontconfig): the test of CV text in any script is skipped';
  }
  const missing = Object.keys(CV_FONTS).filter((family) => !families.includes(family));
  if (missing.length === 0) return undefined;
  const packages = missing.map((family) => CV_FONTS[family]).join(' ');
  return `The CV's fonts ${missing.join(', ')} are not installed (apt-get install ${packages}): the test of CV text in any script is skipped`;
}
