import ts from "typescript";
import { SuiteValues, isConst, unwrap } from "./suite-values";

// What a hidden suite runs as it loads (decision 460): its top level and the bodies of its
// describe() callbacks, which describe() calls at once. The judge blanks the suite's text from the
// sandbox's memory only after that evaluation, so none of it may run the learner's code, which
// could read the text while it is still there. This is a static check, strict by design: every
// expression evaluated at load time must be one that cannot call anything (a literal, a function
// not yet called, a plain binding), and the only calls are the harness's registrations.

export interface LoadTimeFinding {
  /** 1-based. */
  line: number;
  /** The offending code, shortened to one line. */
  code: string;
  /** The rule it breaks, for an instructor. */
  rule: string;
}

/** Globals that may be built at load time: frozen built-ins whose constructors run no suite code. */
const CONSTRUCTIBLE = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

const RULES = {
  call: 'only test(), describe() and differential() from "judge" may be called outside a test',
  new: "nothing may be constructed outside a test, except a Map, Set, WeakMap or WeakSet of literals",
  await: "nothing may be awaited outside a test",
  read: "outside a test, only a module imported with `import * as` may have a property read (anything else may be a getter)",
  convert:
    "outside a test, only literals may be put in a template or an operator (converting anything else may run its toString)",
  spread: "nothing may be spread outside a test (a spread runs an iterator or getters)",
  harness:
    "test(), describe() and differential() take literals, functions and object literals without getters",
  loop: "a for…of outside a test may only loop over literals (iterating anything else may run code)",
  describe: "describe()'s callback takes no parameters and is neither async nor a generator",
  klass:
    "a class declared outside a test may not extend another, have decorators, static blocks or static fields that run code",
  expression:
    "outside a test, an expression may only be a literal, a name, a function, an array or object literal, or a Map, Set, WeakMap or WeakSet",
  statement:
    "outside a test, a hidden suite may only import, declare types, functions, classes and constants, loop with for…of over literals, and call test(), describe() or differential()",
} as const;

/** Every place in a hidden suite where code could run as it loads; empty if there is none. */
export function findLoadTimeCode(fileName: string, text: string): LoadTimeFinding[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  return new LoadTimeChecker(source, new SuiteValues(source)).scope(source.statements);
}

class LoadTimeChecker {
  private readonly findings: LoadTimeFinding[] = [];

  constructor(
    private readonly source: ts.SourceFile,
    private readonly values: SuiteValues,
  ) {}

  /** Statements run as the suite loads: the file's, or a describe() callback's. */
  scope(statements: readonly ts.Statement[]): LoadTimeFinding[] {
    for (const statement of statements) this.statement(statement);
    return this.findings;
  }

  private statement(node: ts.Statement): void {
    if (ts.isImportDeclaration(node) || ts.isEmptyStatement(node)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isFunctionDeclaration(node)) return;
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    if (modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) return;
    if (ts.isClassDeclaration(node)) return this.classDeclaration(node);
    if (ts.isVariableStatement(node)) return this.variables(node.declarationList);
    if (ts.isExpressionStatement(node)) return this.registration(node.expression);
    if (ts.isForOfStatement(node)) return this.forOf(node);
    this.report(node, RULES.statement);
  }

  private variables(list: ts.VariableDeclarationList): void {
    // `using` calls the value's dispose method when the scope ends.
    const kind = list.flags & ts.NodeFlags.BlockScoped;
    if (kind === ts.NodeFlags.Using || kind === ts.NodeFlags.AwaitUsing) {
      this.report(list, RULES.statement);
      return;
    }
    for (const declaration of list.declarations) {
      if (declaration.initializer) this.inert(declaration.initializer);
      if (!ts.isIdentifier(declaration.name)) {
        // Destructuring reads properties: only of a literal, which has no getters.
        const value = declaration.initializer && unwrap(declaration.initializer);
        if (value && !ts.isArrayLiteralExpression(value) && !ts.isObjectLiteralExpression(value)) {
          this.report(declaration.initializer!, RULES.read);
        }
        this.pattern(declaration.name);
      }
    }
  }

  /** A binding pattern's defaults and computed names are evaluated too. */
  private pattern(name: ts.BindingName): void {
    if (ts.isIdentifier(name)) return;
    for (const element of name.elements) {
      if (ts.isOmittedExpression(element)) continue;
      if (element.initializer) this.inert(element.initializer);
      if (element.propertyName && ts.isComputedPropertyName(element.propertyName)) {
        this.data(element.propertyName.expression);
      }
      this.pattern(element.name);
    }
  }

  private forOf(node: ts.ForOfStatement): void {
    const list = node.initializer;
    if (node.awaitModifier || !ts.isVariableDeclarationList(list) || !isConst(list)) {
      this.report(node, RULES.statement);
      return;
    }
    for (const declaration of list.declarations) this.pattern(declaration.name);
    if (!this.values.isData(node.expression)) this.report(node.expression, RULES.loop);
    const body = node.statement;
    this.scope(ts.isBlock(body) ? body.statements : [body]);
  }

  private classDeclaration(node: ts.ClassDeclaration): void {
    // `extends` reads the parent's prototype, and decorators are calls.
    const extended = node.heritageClauses?.some((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
    if (extended || ts.getDecorators(node)?.length) {
      this.report(node, RULES.klass);
      return;
    }
    for (const member of node.members) {
      const isStatic = ts
        .getModifiers(member as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      if (ts.canHaveDecorators(member) && ts.getDecorators(member)?.length) {
        this.report(member, RULES.klass);
      }
      if (ts.isClassStaticBlockDeclaration(member)) this.report(member, RULES.klass);
      // Computed names and static fields are evaluated as the class is declared.
      if (member.name && ts.isComputedPropertyName(member.name)) this.data(member.name.expression);
      if (isStatic && ts.isPropertyDeclaration(member) && member.initializer) {
        this.inert(member.initializer);
      }
    }
  }

  /** An expression statement: only a registration, whose arguments the harness reads. */
  private registration(expression: ts.Expression): void {
    const call = unwrap(expression);
    if (!ts.isCallExpression(call) || call.questionDotToken) {
      // What it does wrong (an await, a call inside) if that is known, else that it is there.
      if (this.inert(expression)) this.report(expression, RULES.statement);
      return;
    }
    const name = this.values.registrationName(call.expression);
    if (name === undefined) {
      this.report(call, RULES.call);
      return;
    }
    call.arguments.forEach((argument, i) => {
      const value = unwrap(argument);
      if (name === "describe" && i === 1) this.describeBody(value);
      else if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return;
      // test()'s function: only its typeof is read.
      else if (ts.isIdentifier(value) && i === 1 && name === "test") return;
      else if (ts.isObjectLiteralExpression(value)) this.inert(value);
      // Anything else the harness may read or convert: a literal only.
      else if (!this.values.isData(value) && this.inert(value))
        this.report(argument, RULES.harness);
    });
  }

  private describeBody(fn: ts.Expression): void {
    // describe() calls it at once, without arguments: its defaults would be evaluated, and an
    // async body would go on after the suite has loaded.
    const plain =
      (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
      fn.parameters.length === 0 &&
      !ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) &&
      !(ts.isFunctionExpression(fn) && fn.asteriskToken);
    if (!plain) this.report(fn, RULES.describe);
    else if (ts.isBlock(fn.body)) this.scope(fn.body.statements);
    else this.registration(fn.body);
  }

  /**
   * An expression evaluated at load time, whose evaluation must not run any code: false if it
   * was reported.
   */
  private inert(node: ts.Expression): boolean {
    const value = unwrap(node);
    if (this.values.isData(value)) return true;
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return true;
    if (ts.isIdentifier(value) || ts.isRegularExpressionLiteral(value)) return true;
    if (ts.isPropertyAccessExpression(value)) {
      // A module namespace has no getters; anything else might.
      if (ts.isIdentifier(value.expression) && this.values.isNamespace(value.expression))
        return true;
      return this.report(value, RULES.read);
    }
    if (ts.isArrayLiteralExpression(value)) {
      let ok = true;
      for (const element of value.elements) {
        if (ts.isSpreadElement(element)) ok = this.report(element, RULES.spread);
        else if (!ts.isOmittedExpression(element)) ok = this.inert(element) && ok;
      }
      return ok;
    }
    if (ts.isObjectLiteralExpression(value)) return this.objectLiteral(value);
    if (ts.isNewExpression(value)) return this.construct(value);
    if (ts.isCallExpression(value) || ts.isTaggedTemplateExpression(value)) {
      return this.report(value, RULES.call);
    }
    if (ts.isAwaitExpression(value)) return this.report(value, RULES.await);
    if (
      ts.isTemplateExpression(value) ||
      ts.isBinaryExpression(value) ||
      ts.isPrefixUnaryExpression(value)
    ) {
      return this.report(value, RULES.convert);
    }
    return this.report(value, RULES.expression);
  }

  private objectLiteral(node: ts.ObjectLiteralExpression): boolean {
    let ok = true;
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        ok = this.report(property, RULES.spread);
        continue;
      }
      if (property.name && ts.isComputedPropertyName(property.name)) {
        ok = this.data(property.name.expression) && ok;
      }
      // The harness reads a registration's options: a getter would run as it does.
      if (ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property)) {
        ok = this.report(property, RULES.harness);
      } else if (ts.isPropertyAssignment(property)) {
        ok = this.inert(property.initializer) && ok;
      }
    }
    return ok;
  }

  private construct(node: ts.NewExpression): boolean {
    const callee = unwrap(node.expression);
    const builtIn =
      ts.isIdentifier(callee) && CONSTRUCTIBLE.has(callee.text) && this.values.isGlobal(callee);
    if (!builtIn) return this.report(node, RULES.new);
    let ok = true;
    for (const argument of node.arguments ?? []) {
      if (!this.values.isData(argument)) ok = this.report(argument, RULES.new);
    }
    return ok;
  }

  private data(node: ts.Expression): boolean {
    return this.values.isData(node) || this.report(node, RULES.convert);
  }

  /** Records a finding; false, for callers that return whether an expression was clean. */
  private report(node: ts.Node, rule: string): false {
    const start = node.getStart(this.source);
    const { line } = this.source.getLineAndCharacterOfPosition(start);
    const text = node.getText(this.source).replace(/\s+/g, " ");
    const code = text.length > 60 ? `${text.slice(0, 57)}...` : text;
    this.findings.push({ line: line + 1, code, rule });
    return false;
  }
}
