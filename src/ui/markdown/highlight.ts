import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import python from 'highlight.js/lib/languages/python'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import 'highlight.js/styles/github.css'

/**
 * Syntax highlighting of fenced code blocks: highlight.js's core with the common languages, in a
 * chunk of its own that a message with a fenced block loads the first time one shows.
 */
const LANGUAGES = { bash, css, go, java, javascript, json, python, sql, typescript, xml, yaml }
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language)
hljs.configure({ ignoreUnescapedHTML: true, throwUnescapedHTML: false })

/** Highlights each `<code class="language-x">` of a known language inside `root` (once). */
export function highlightIn(root: HTMLElement): void {
  for (const code of root.querySelectorAll<HTMLElement>('pre > code[class^="language-"]')) {
    if (code.dataset.highlighted) continue
    const language = code.className.slice('language-'.length)
    if (hljs.getLanguage(language)) hljs.highlightElement(code)
  }
}
