// An independent LSP client for speccify-lint's language server:
// vscode-languageserver-protocol over vscode-jsonrpc (what VS Code's own
// client uses), driving the real binary on stdio.
//
//   node client.mjs BINARY ROOT FILE
//
// It opens FILE (a broken TOOL.md under ROOT), waits for its diagnostics,
// asks for the code actions on the first diagnostic and for fix all,
// applies fix all's edits, sends the fixed text as a change, waits for the
// cleared diagnostics, shuts the server down and exits it. It prints what
// it saw as one JSON object on stdout; lsp/blackbox_test.go checks it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  CodeActionRequest,
  ShutdownRequest,
  ExitNotification,
} from "vscode-languageserver-protocol/node";

const [binary, root, file] = process.argv.slice(2);
const uri = pathToFileURL(file).href;
const child = spawn(binary, ["server"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));

// Diagnostics by version, and the waiters for a version.
const published = new Map();
const waiting = new Map();
conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
  if (p.uri !== uri) return;
  published.set(p.version, p.diagnostics);
  const w = waiting.get(p.version);
  if (w) w(p.diagnostics);
});
const diagnostics = (version) =>
  published.has(version) ? Promise.resolve(published.get(version)) : new Promise((resolve) => waiting.set(version, resolve));
conn.listen();

// applyEdits applies LSP text edits (UTF-16 positions: JavaScript's own
// string unit) to text.
function applyEdits(text, edits) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) starts.push(i + 1);
  }
  const offset = (p) => {
    if (p.line >= starts.length) return text.length;
    const end = p.line + 1 < starts.length ? starts[p.line + 1] : text.length;
    let lineEnd = end;
    while (lineEnd > starts[p.line] && (text[lineEnd - 1] === "\n" || text[lineEnd - 1] === "\r")) lineEnd--;
    return Math.min(starts[p.line] + p.character, lineEnd);
  };
  const sorted = edits.map((e) => ({ s: offset(e.range.start), e: offset(e.range.end), t: e.newText })).sort((a, b) => b.s - a.s);
  for (const e of sorted) text = text.slice(0, e.s) + e.t + text.slice(e.e);
  return text;
}

const out = {};
const init = await conn.sendRequest(InitializeRequest.type, {
  processId: process.pid,
  rootUri: pathToFileURL(root).href,
  workspaceFolders: [{ uri: pathToFileURL(root).href, name: "root" }],
  capabilities: { general: { positionEncodings: ["utf-16"] }, textDocument: { publishDiagnostics: { versionSupport: true } } },
});
out.positionEncoding = init.capabilities.positionEncoding;
out.codeActionKinds = init.capabilities.codeActionProvider.codeActionKinds;
await conn.sendNotification(InitializedNotification.type, {});

const text = readFileSync(file, "utf8");
await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "markdown", version: 1, text } });
const broken = await diagnostics(1);
out.diagnostics = broken.map((d) => ({ range: d.range, severity: d.severity, code: d.code, href: d.codeDescription && d.codeDescription.href }));

const quick = await conn.sendRequest(CodeActionRequest.type, {
  textDocument: { uri }, range: broken[0].range, context: { diagnostics: [broken[0]], only: ["quickfix"] },
});
out.quickFixes = quick.map((a) => ({ title: a.title, kind: a.kind, isPreferred: a.isPreferred }));

const all = await conn.sendRequest(CodeActionRequest.type, {
  textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] },
});
out.fixAll = all.map((a) => ({ title: a.title, kind: a.kind }));
out.fixed = applyEdits(text, all[0].edit.changes[uri]);

await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: out.fixed }] });
out.cleared = await diagnostics(2);

await conn.sendRequest(ShutdownRequest.type);
await conn.sendNotification(ExitNotification.type);
out.exitCode = await exited;
conn.dispose();
process.stdout.write(JSON.stringify(out) + "\n");
