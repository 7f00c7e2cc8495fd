// Lints many sources, each as if it were the file named, in one ESLint run (its Node API, the
// project's own config): stdin a JSON list of {file, source}, stdout the rule ids each breaks.
// The layers test plants its imports through this rather than starting ESLint once per case.
import { ESLint } from 'eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint();
const out = [];
for (const { file, source } of texts) {
  const [result] = await eslint.lintText(source, { filePath: file });
  out.push(result.messages.map((m) => m.ruleId));
}
process.stdout.write(JSON.stringify(out));
