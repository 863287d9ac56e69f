import { tokens } from './tokens';

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Renders every token as a `--pui-<group>-<key>` declaration (breakpoints excluded: media queries cannot use them). */
export function cssVariables(): string {
  const lines: string[] = [];
  for (const [group, values] of Object.entries(tokens)) {
    if (group === 'breakpoint') continue;
    for (const [key, value] of Object.entries(values)) {
      lines.push(`  --pui-${kebab(group)}-${kebab(key)}: ${String(value)};`);
    }
  }
  return lines.join('\n');
}
