// Fills a deploy/ template: `{{name}}` becomes values[name]; a line naming
// `{{each:name}}` is repeated once per entry of the list values[name].
import fs from 'node:fs';
import path from 'node:path';

export type TemplateValues = Record<string, string | number | string[]>;

export const DEPLOY_DIR = path.join(import.meta.dirname, '..', '..', 'deploy');

function renderTemplate(template: string, values: TemplateValues): string {
  const lines = template.split('\n').flatMap((line) => {
    const each = /\{\{each:(\w+)\}\}/.exec(line);
    if (!each) return [line];
    const list = values[each[1]!];
    if (!Array.isArray(list)) throw new Error(`template list ${each[1]} is not given`);
    return list.map((entry) => line.replace(each[0], entry));
  });
  return lines.join('\n').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || Array.isArray(value)) throw new Error(`template value ${name} is not given`);
    return String(value);
  });
}

export function renderDeployFile(name: string, values: TemplateValues): string {
  return renderTemplate(fs.readFileSync(path.join(DEPLOY_DIR, name), 'utf8'), values);
}
