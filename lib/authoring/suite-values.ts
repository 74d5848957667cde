import ts from "typescript";

// What the load-time check (suite-load-time.ts) needs to know of a hidden suite's names and values:
// which declaration a name refers to, resolved by the compiler for the file alone, and whether an
// expression is plain data.

/** The harness's functions a suite may call at load time: they only record a test (or a group). */
const REGISTRATIONS = new Set(["test", "describe", "differential"]);
const GLOBAL_VALUES = new Set(["undefined", "NaN", "Infinity"]);

export class SuiteValues {
  private readonly checker: ts.TypeChecker;
  /** Declarations whose value is being classified: a cycle is not data. */
  private readonly visiting = new Set<ts.Node>();

  constructor(source: ts.SourceFile) {
    this.checker = checkerFor(source);
  }

  /**
   * Plain data: literals, and arrays, objects, templates and operators made only of them, or a
   * constant (or a for…of constant over such data) declared in the file. Converting it to a
   * string or a number, or iterating it, runs no code of anyone's.
   */
  isData(node: ts.Expression): boolean {
    const value = unwrap(node);
    switch (value.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NumericLiteral:
      case ts.SyntaxKind.BigIntLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TrueKeyword:
      case ts.SyntaxKind.FalseKeyword:
      case ts.SyntaxKind.NullKeyword:
        return true;
    }
    if (ts.isTemplateExpression(value)) {
      return value.templateSpans.every((span) => this.isData(span.expression));
    }
    if (ts.isPrefixUnaryExpression(value)) {
      const operator = value.operator;
      const assigns =
        operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken;
      return !assigns && this.isData(value.operand);
    }
    if (ts.isBinaryExpression(value)) {
      const operator = value.operatorToken.kind;
      const pure =
        operator >= ts.SyntaxKind.FirstBinaryOperator &&
        operator <= ts.SyntaxKind.LastBinaryOperator &&
        operator !== ts.SyntaxKind.InstanceOfKeyword &&
        operator !== ts.SyntaxKind.InKeyword &&
        operator !== ts.SyntaxKind.CommaToken &&
        !(operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment);
      return pure && this.isData(value.left) && this.isData(value.right);
    }
    if (ts.isArrayLiteralExpression(value)) {
      return value.elements.every((e) => !ts.isSpreadElement(e) && this.isData(e));
    }
    if (ts.isObjectLiteralExpression(value)) {
      return value.properties.every(
        (p) =>
          ts.isPropertyAssignment(p) &&
          !ts.isComputedPropertyName(p.name) &&
          this.isData(p.initializer),
      );
    }
    if (ts.isIdentifier(value)) return this.isDataName(value);
    return false;
  }

  private isDataName(name: ts.Identifier): boolean {
    const symbol = this.checker.getSymbolAtLocation(name);
    const declarations = symbol?.declarations ?? [];
    if (declarations.length === 0) return GLOBAL_VALUES.has(name.text);
    if (declarations.length !== 1) return false;
    let declaration: ts.Node = declarations[0]!;
    while (
      ts.isBindingElement(declaration) ||
      ts.isArrayBindingPattern(declaration) ||
      ts.isObjectBindingPattern(declaration)
    ) {
      declaration = declaration.parent;
    }
    if (!ts.isVariableDeclaration(declaration) || this.visiting.has(declaration)) return false;
    const list = declaration.parent;
    if (!ts.isVariableDeclarationList(list) || !isConst(list)) {
      return false;
    }
    const value = ts.isForOfStatement(list.parent)
      ? list.parent.expression
      : declaration.initializer;
    if (!value) return false;
    this.visiting.add(declaration);
    try {
      return this.isData(value);
    } finally {
      this.visiting.delete(declaration);
    }
  }

  isNamespace(name: ts.Identifier): boolean {
    const declarations = this.checker.getSymbolAtLocation(name)?.declarations ?? [];
    return declarations.length === 1 && ts.isNamespaceImport(declarations[0]!);
  }

  /** Declared nowhere in the file, so the sandbox's frozen global of that name. */
  isGlobal(name: ts.Identifier): boolean {
    return (this.checker.getSymbolAtLocation(name)?.declarations ?? []).length === 0;
  }

  /** The registration a callee names (an import of "judge"'s test, describe or differential). */
  registrationName(callee: ts.Expression): string | undefined {
    if (!ts.isIdentifier(callee)) return undefined;
    const declaration = this.checker.getSymbolAtLocation(callee)?.declarations?.[0];
    if (!declaration || !ts.isImportSpecifier(declaration) || declaration.isTypeOnly) {
      return undefined;
    }
    const from = declaration.parent.parent.parent.moduleSpecifier;
    const imported = (declaration.propertyName ?? declaration.name).text;
    const judge = ts.isStringLiteral(from) && from.text === "judge";
    return judge && REGISTRATIONS.has(imported) ? imported : undefined;
  }
}

/**
 * A checker for the file alone (no lib, no imports followed): enough to tell which declaration a
 * name refers to, and that a name declared nowhere in the file is a global.
 */
function checkerFor(source: ts.SourceFile): ts.TypeChecker {
  const options: ts.CompilerOptions = { noLib: true, noResolve: true, types: [] };
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === source.fileName ? source : undefined),
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => undefined,
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (name) => name === source.fileName,
    readFile: (name) => (name === source.fileName ? source.text : undefined),
  };
  return ts.createProgram({ rootNames: [source.fileName], options, host }).getTypeChecker();
}

export function isConst(list: ts.VariableDeclarationList): boolean {
  return (list.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Const;
}

/** Through what only changes types: parentheses, `as`, `satisfies`, `!` and `<T>x`. */
export function unwrap(node: ts.Expression): ts.Expression {
  let value = node;
  while (
    ts.isParenthesizedExpression(value) ||
    ts.isAsExpression(value) ||
    ts.isSatisfiesExpression(value) ||
    ts.isNonNullExpression(value) ||
    ts.isTypeAssertionExpression(value)
  ) {
    value = value.expression;
  }
  return value;
}
