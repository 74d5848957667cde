import path from "node:path";
import ts from "typescript";

// npx tsx lib/cli/unused-exports.ts [--types]
// Lists the exports of lib/ and app/ that no file of the TypeScript project imports (tests count
// as importers), found with the compiler's own resolution of every import and re-export, so a
// name is matched to its declaration and not by text. Values only unless --types: an exported type
// that an exported function's signature uses documents that API even when nobody names it.
// Not counted as unused: what Next reads by convention in app/ (default, metadata, GET…), modules
// loaded whole (dynamic import, namespace import, import type), the harness's sandbox (its
// exports are the "judge" module suites import), the CLIs and benches (run, not imported) and
// Prisma's generated client. A module started by its path (a worker's main) shows as unused.

const NEXT_CONVENTIONS = new Set([
  "default",
  "metadata",
  "generateMetadata",
  "generateStaticParams",
  "generateViewport",
  "viewport",
  "dynamic",
  "dynamicParams",
  "revalidate",
  "runtime",
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
]);
const NOT_LISTED = [
  /^lib\/judge\/core\/harness\/sandbox\//,
  /^lib\/(cli|bench)\//,
  /^lib\/db\/generated\//,
  /\.d\.m?ts$/,
];

function loadProgram(root: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!config) throw new Error("tsconfig.json could not be read");
  return ts.createProgram(config.fileNames, config.options);
}

function unusedExports(root: string, options: { types?: boolean } = {}): string[] {
  const program = loadProgram(root);
  const checker = program.getTypeChecker();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const ours = (file: ts.SourceFile) =>
    !file.fileName.includes("/node_modules/") && !relative(file.fileName).startsWith("..");
  const original = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const used = new Set<ts.Symbol>();
  const loadedWhole = new Set<string>();
  const moduleFile = (specifier: ts.Expression) =>
    checker.getSymbolAtLocation(specifier)?.declarations?.[0]?.getSourceFile().fileName;
  const markWhole = (specifier: ts.Expression) => {
    const file = moduleFile(specifier);
    if (file) loadedWhole.add(file);
  };
  const markName = (name: ts.Identifier) => {
    const symbol = checker.getSymbolAtLocation(name);
    if (symbol) used.add(original(symbol));
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const { name, namedBindings } = node.importClause;
      if (name) markName(name);
      if (namedBindings && ts.isNamespaceImport(namedBindings)) markWhole(node.moduleSpecifier);
      else namedBindings?.elements.forEach((element) => markName(element.name));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) {
          const symbol = checker.getExportSpecifierLocalTargetSymbol(element);
          if (symbol) used.add(original(symbol));
        }
      } else {
        const symbol = checker.getSymbolAtLocation(node.moduleSpecifier);
        for (const exported of symbol ? checker.getExportsOfModule(symbol) : []) {
          used.add(original(exported));
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    ) {
      markWhole(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      markWhole(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  program.getSourceFiles().filter(ours).forEach(visit);

  const unused: string[] = [];
  for (const file of program.getSourceFiles().filter(ours)) {
    const name = relative(file.fileName);
    if (!/^(lib|app)\//.test(name) || NOT_LISTED.some((pattern) => pattern.test(name))) continue;
    if (loadedWhole.has(file.fileName)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      if (name.startsWith("app/") && NEXT_CONVENTIONS.has(exported.name)) continue;
      const symbol = original(exported);
      if (used.has(symbol)) continue;
      const isValue = (symbol.flags & ts.SymbolFlags.Value) !== 0;
      if (isValue || options.types)
        unused.push(`${name}: ${exported.name}${isValue ? "" : " (type)"}`);
    }
  }
  return unused;
}

const listed = unusedExports(process.cwd(), { types: process.argv.includes("--types") });
console.log(listed.join("\n"));
console.error(`${listed.length} exports that nothing imports`);
