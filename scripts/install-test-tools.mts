/**
 * `npm test` runs this first: installs each test tool kept apart from the service's dependencies
 * (test/tools/<tool>, with a lock of its own) when its install is missing or older than its lock.
 * Azurite is one: its Application Insights brings OpenTelemetry 2, whose peer range excludes the
 * OpenTelemetry API the service's metrics need, and in one tree npm would warn of that at every install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const TEST_TOOLS = join('test', 'tools');

const installedAt = (folder: string): number => {
  const stamp = join(folder, 'node_modules', '.package-lock.json');
  return existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
};

for (const tool of readdirSync(TEST_TOOLS)) {
  const folder = join(TEST_TOOLS, tool);
  if (installedAt(folder) >= statSync(join(folder, 'package-lock.json')).mtimeMs) continue;
  process.stdout.write(`Installing the test tool ${tool} (${folder})\n`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
}
