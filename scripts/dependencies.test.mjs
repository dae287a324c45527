// The README promises Node 20.19+: every installed package must accept it, or npm warns
// EBADENGINE on install (and may one day refuse). package.json pins the few that moved on.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const oldestNode = semver.minVersion(manifest.engines.node);

describe('dependencies', () => {
  it('every locked package runs on the oldest Node the README promises', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, pkg]) => typeof pkg.engines?.node === 'string')
      .filter(([, pkg]) => !semver.satisfies(oldestNode, pkg.engines.node))
      .map(([path, pkg]) => `${path}@${pkg.version} wants node ${pkg.engines.node}`);
    expect(oldestNode?.version).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });

  it('no dependency install script runs unreviewed', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, pkg]) => path.includes('node_modules/') && pkg.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const reviewed = Object.keys(manifest.allowScripts ?? {});
    expect(withScripts.filter((name) => !reviewed.includes(name))).toEqual([]);
  });

  it('the lock file holds every optional platform package, so `npm ci` accepts it on any machine', () => {
    // npm ci refuses a lock file that names an optional dependency it does not record (biome's
    // per-platform binaries went missing once, and a clean clone could not install).
    const locked = new Set(Object.keys(lock.packages));
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => {
          // Resolved as node does: the package's own node_modules, then each one further up.
          for (
            let dir = path;
            ;
            dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))
          ) {
            if (locked.has(`${dir ? `${dir}/` : ''}node_modules/${name}`)) return false;
            if (!dir) return true;
          }
        })
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
