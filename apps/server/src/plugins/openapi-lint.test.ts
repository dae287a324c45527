import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// The served document, read by linters we did not write (docs/decisions/048-openapi-document-checked-by-others.md).
// Each CLI runs once for the whole file: Spectral takes seconds to start.

const bin = (name: string) =>
  fileURLToPath(new URL(`../../../../node_modules/.bin/${name}`, import.meta.url));
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** Runs a CLI and hands back its output whatever its exit code (both exit non-zero on errors). */
function run(file: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        maxBuffer: 64 * 1024 * 1024,
        // Redocly otherwise reports usage and checks for updates over the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

type SpectralResult = { code: string; message: string; severity: number; path: string[] };
type RedoclyResult = {
  problems: {
    ruleId: string;
    message: string;
    severity: string;
    location: { pointer: string }[];
  }[];
};

let t: TestApp;
let spectralErrors: string[];
let redoclyErrors: string[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${API.docs}/json` });
  const file = join(mkdtempSync(join(tmpdir(), 'atelier-openapi-')), 'openapi.json');
  writeFileSync(file, res.body);
  const [spectral, redocly] = await Promise.all([
    run(bin('spectral'), [
      'lint',
      '--ruleset',
      here('openapi.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
      file,
    ]),
    run(bin('redocly'), [
      'lint',
      '--config',
      here('openapi.redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '10000',
      file,
    ]),
  ]);
  const parse = <T>(tool: string, output: { stdout: string; stderr: string }): T => {
    try {
      return JSON.parse(output.stdout) as T;
    } catch {
      throw new Error(`${tool} printed no JSON report:\n${output.stdout}\n${output.stderr}`);
    }
  };
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  spectralErrors = parse<SpectralResult[]>('spectral', spectral)
    .filter((r) => r.severity === 0)
    .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
  redoclyErrors = parse<RedoclyResult>('redocly', redocly)
    .problems.filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the served OpenAPI document', () => {
  it('passes Spectral (spectral:oas) with no errors', () => {
    expect(spectralErrors).toEqual([]);
  });

  it('passes Redocly (recommended) with no errors', () => {
    expect(redoclyErrors).toEqual([]);
  });
});
