// The editor features learners use in a TypeScript exercise, and nothing else (decision 242):
// monaco-editor's full entry registers ~80 languages and every contribution (diff editor, colour
// picker, GPU rendering, inline completions, sticky scroll…), which the page paid for in script
// evaluated before the first keystroke. Each line is one feature's own `register` module.
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/codeEditor/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/caretOperations/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/codeAction/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/gotoLine/register";
import "monaco-editor/features/gotoSymbol/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/iPadShowKeyboard/register";
import "monaco-editor/features/lineSelection/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/parameterHints/register";
import "monaco-editor/features/readOnlyMessage/register";
import "monaco-editor/features/referenceSearch/register";
import "monaco-editor/features/rename/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
import "monaco-editor/features/toggleTabFocusMode/register";
import "monaco-editor/features/tokenization/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
import "monaco-editor/features/wordPartOperations/register";
// The TypeScript language alone: its Monarch tokenizer and the worker-backed services.
import "monaco-editor/languages/definitions/typescript/register";
// What editor.main imports directly rather than through a feature's register module: the core
// cursor commands, the suggest widget's controller (features/suggest only adds its inline part),
// and the problem count beside F8's marker navigation.
import "monaco-editor/editor/browser/coreCommands";
import "monaco-editor/editor/contrib/caretOperations/browser/caretOperations";
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus";
// Services other contributions inject, registered by features we leave out (codelens, drop into
// editor): without them creating an editor throws "depends on UNKNOWN service".
import "monaco-editor/editor/contrib/codelens/browser/codeLensCache";
import "monaco-editor/editor/common/services/treeViewsDndService";
