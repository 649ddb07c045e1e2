import { readdirSync, readFileSync } from 'node:fs';
import { BACKGROUND_NICE } from '@/common/scheduling/background-priority';
import { CardRenderer } from '@/site/card-renderer';
import { SocialCardsInMemory } from '@/site/persistence/social-card-store';

/** The nice value of each thread of this process (/proc/self/task), by thread id. */
const niceOfThreads = (): Map<number, number> =>
  new Map(
    readdirSync('/proc/self/task').map((tid) => [
      Number(tid),
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]),
    ]),
  );

describe("a social card's drawing", () => {
  let renderer: CardRenderer;
  beforeEach(() => (renderer = new CardRenderer(new SocialCardsInMemory())));
  afterEach(() => renderer.onModuleDestroy());

  it('runs in a thread of its own at the lowest CPU priority, every other thread left as it was', async () => {
    const before = niceOfThreads();
    const png = await renderer.png({ byline: 'Mara Jansen', title: 'Tidewatch', text: 'Water levels, live.' }, 'tidewatch');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const after = niceOfThreads();
    // The drawing thread, and any its libraries started.
    const drawing = [...after].filter(([tid, nice]) => !before.has(tid) && nice === BACKGROUND_NICE);
    expect(drawing.length).toBeGreaterThan(0);
    for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid)).toBe(nice);
  });
});
