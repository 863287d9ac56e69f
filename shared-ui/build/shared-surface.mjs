// The run-time surface of the workspace packages shared as singletons (shared.cjs): the value exports of each
// entry point, read with the TypeScript compiler, and the snapshot of them kept beside this file.
//
// Why: a remote requires `^<version>` of @portal/shared-ui and @portal/shared-api, and the page gives its own copy.
// If a new export ships without a new version, a remote that uses it is accepted by an older page that lacks it
// and fails at run time. So the version has to grow with the surface: a new export needs a new minor version, a
// removed one a new major (ADR 0009). shared-surface.nodetest.mjs checks it; after bumping the version, write the
// snapshot again: node shared-ui/build/shared-surface.mjs --write
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root =
  process.env.SHARED_SURFACE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SNAPSHOT = path.join(root, 'shared-ui', 'build', 'shared-surface.json');

/** Each shared entry point (shared.cjs: SHARED_PACKAGES and SHARED_ENTRY_POINTS) with its source file. */
const ENTRY_POINTS = [
  { key: '@portal/shared-ui', pkg: 'shared-ui', file: 'shared-ui/src/index.ts' },
  { key: '@portal/shared-ui/router', pkg: 'shared-ui', file: 'shared-ui/router.ts' },
  { key: '@portal/shared-ui/lists', pkg: 'shared-ui', file: 'shared-ui/lists.ts' },
  { key: '@portal/shared-api', pkg: 'shared-api', file: 'shared-api/src/index.ts' },
  { key: '@portal/shared-api/queries', pkg: 'shared-api', file: 'shared-api/src/queries/index.ts' },
];

const packageVersion = (pkg) =>
  JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8')).version;

/** { key: { version, exports: [sorted value export names] } } of the sources as they are now. */
export function currentSurface() {
  const files = ENTRY_POINTS.map((e) => path.join(root, e.file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowJs: false,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const surface = {};
  for (const entry of ENTRY_POINTS) {
    const source = program.getSourceFile(path.join(root, entry.file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry.file}: no module to read`);
    const values = checker
      .getExportsOfModule(moduleSymbol)
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((symbol) => symbol.getName())
      .sort();
    surface[entry.key] = { version: packageVersion(entry.pkg), exports: values };
  }
  return surface;
}

const parse = (v) => v.split('.').map(Number);
const newer = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

/** What is wrong between the snapshot and now, as sentences (empty when they agree). */
export function surfaceProblems(snapshot, now) {
  const problems = [];
  for (const [key, cur] of Object.entries(now)) {
    const old = snapshot[key];
    if (!old) {
      problems.push(
        `${key} is not in the snapshot: write it (node shared-ui/build/shared-surface.mjs --write).`,
      );
      continue;
    }
    const added = cur.exports.filter((n) => !old.exports.includes(n));
    const removed = old.exports.filter((n) => !cur.exports.includes(n));
    const pkg = key.split('/').slice(0, 2).join('/');
    if (removed.length && parse(cur.version)[0] <= parse(old.version)[0])
      problems.push(
        `${key} no longer exports ${removed.join(', ')}: remotes built before may need it, so ${pkg} needs a ` +
          `new major version (now ${cur.version}), then the snapshot written again.`,
      );
    else if (added.length && !newer(cur.version, old.version))
      problems.push(
        `${key} exports ${added.join(', ')} that ${old.version} lacks: a page with ${old.version} would accept a ` +
          `remote using them, so ${pkg} needs a new minor version (now ${cur.version}), then the snapshot written again.`,
      );
    else if (cur.version !== old.version || added.length || removed.length)
      problems.push(`${key}: the snapshot is for ${old.version}; write it again for ${cur.version}.`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const now = currentSurface();
  if (process.argv.includes('--write')) {
    fs.writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 2)}\n`);
    console.log(`Wrote ${path.relative(root, SNAPSHOT)}`);
  } else {
    const problems = surfaceProblems(JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')), now);
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  }
}
