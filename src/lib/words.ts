/**
 * An identifier or a phrase as lower-case words: camelCase, acronyms run into a word (`HTTPServer`),
 * snake_case, kebab-case and punctuation all split, so `getCurrentTime`, `get_current_time` and "get current
 * time" give the same words. The one tokeniser every reader of tool names, descriptions and prompts starts
 * from (init's read-only guess, synth's links between tools, the baselines' keywords); each then drops and
 * folds words its own way.
 */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}
