// The front door and the other plain-JS modules (server.mjs, server/*.mjs,
// lib/**/*.mjs, scripts/*.mjs) are type-checked like the TypeScript
// (`npm run typecheck`: tsc over tsconfig.json, with checkJs): there are no
// hand-written .d.mts stand-ins to drift from them, and a type error in one
// fails the check.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function projectConfig(): ts.ParsedCommandLine {
  const file = path.join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, file);
}

/** The project's diagnostics for one module whose text is `text`, as if it sat at `relativePath`. */
function diagnosticsOf(relativePath: string, text: string): string[] {
  const { options } = projectConfig();
  const probe = path.join(ROOT, relativePath);
  const host = ts.createCompilerHost({ ...options, incremental: false });
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probe ? text : readFile(file));
  host.fileExists = (
    (exists) => (file: string) =>
      file === probe || exists(file)
  )(host.fileExists.bind(host));
  host.getSourceFile = (file, language, ...rest) => (file === probe ? ts.createSourceFile(file, text, language, true) : getSourceFile(file, language, ...rest));
  const program = ts.createProgram([probe], { ...options, incremental: false, noEmit: true }, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(probe)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('type-checking the plain-JS modules', () => {
  it('covers every .mjs of the front door, lib and scripts, with checkJs', () => {
    const config = projectConfig();
    expect(config.options.checkJs).toBe(true);
    const checked = new Set(config.fileNames.map((file) => path.relative(ROOT, file)));
    const plain = [
      'server.mjs',
      ...['server', 'lib/http', 'lib/contract', 'scripts'].flatMap((folder) =>
        fs
          .readdirSync(path.join(ROOT, folder))
          .filter((name) => name.endsWith('.mjs'))
          .map((name) => `${folder}/${name}`),
      ),
      'lib/security-headers.mjs',
    ];
    expect(plain.filter((file) => !checked.has(file))).toEqual([]);
    expect(plain).toContain('server/body-limit.mjs');
  });

  it('keeps no hand-written .d.mts beside them', () => {
    const standIns = ['server', 'scripts', 'lib', 'lib/contract', 'bench'].flatMap((folder) =>
      fs.readdirSync(path.join(ROOT, folder)).filter((name) => name.endsWith('.d.mts')),
    );
    expect(standIns).toEqual([]);
  });

  it('fails on a type error in a server/*.mjs module', { timeout: 60_000 }, () => {
    const probe = (argument: string) =>
      `/** @param {string} path */\nconst isApiPath = (path) => path.startsWith('/v1');\nexport const answer = isApiPath(${argument});\n`;
    expect(diagnosticsOf('server/type-probe.mjs', probe('404')).join('\n')).toMatch(/not assignable to parameter of type 'string'/);
    expect(diagnosticsOf('server/type-probe.mjs', probe("'/v1/pets'"))).toEqual([]);
  });
});
