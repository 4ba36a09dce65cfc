// Finds visible text in the elements that does not go through msg(): text between tags of an
// html`` template, static accessible-text attributes (aria-label, title, placeholder, alt), and
// string literals that read as English words or sentences anywhere else in an element's code.
import ts from 'typescript'

const TEXT_ATTRIBUTES =
  /(?:^|\s)(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g
const HOLE = '\u0000'
/** An English word or sentence: a capitalised word, a phrase with a space, or an ellipsis. */
/** Markup, CSS or code in a string: never prose. */
const CODE = /[<>{}=;]/
const LOOKS_VISIBLE = /\p{L}{2,}[,:]?\s+\p{L}+|^\p{Lu}\p{Ll}{2,}[.!?]?$|…|\.\.\./u
/** Calls whose string arguments are for developers or the DOM, never shown. */
const QUIET_CALLS = new Set([
  'warn',
  'error',
  'log',
  'debug',
  'info',
  'querySelector',
  'querySelectorAll',
  'closest',
  'getAttribute',
  'setAttribute',
  'hasAttribute',
  'removeAttribute',
  'addEventListener',
  'removeEventListener',
  'defineElement',
  'createElement',
  'matchMedia',
  'pushView',
  'replaceView',
  'openModal',
  'msg',
  'str',
  'css',
  'html',
  'svg',
  'Error',
  'TypeError',
  'localizeText'
])

function holeText(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text
  return template.head.text + template.templateSpans.map(span => HOLE + span.literal.text).join('')
}

/** The visible text of one html`` template: the text nodes, and the static text attributes. */
function templateTexts(template) {
  const found = []
  const source = holeText(template).replace(/<!--[\s\S]*?-->/g, '')
  for (const part of source.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      for (const match of part.matchAll(TEXT_ATTRIBUTES)) {
        const value = match[2] ?? match[3] ?? match[4] ?? ''
        if (!value.includes(HOLE) && /\p{L}/u.test(value)) found.push(`${match[1]}="${value}"`)
      }
    } else {
      const text = part
        .replaceAll(HOLE, ' ')
        .replace(/&[a-z]+;|&#\d+;/g, ' ')
        .trim()
      if (/\p{L}/u.test(text)) found.push(text)
    }
  }
  return found
}

/** The template text right before a template span's expression. */
function precedingText(span) {
  const template = span.parent
  const index = template.templateSpans.indexOf(span)
  return index === 0 ? template.head.text : template.templateSpans[index - 1].literal.text
}

function calleeName(call) {
  const callee = ts.isNewExpression(call) || ts.isCallExpression(call) ? call.expression : undefined
  if (!callee) return undefined
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return undefined
}

/** Whether a literal's expected type is a closed set of strings (a view name, 'show' | 'hide'): a value, not prose. */
function isEnumValue(node, checker) {
  const type = checker.getContextualType(node)
  if (!type) return false
  const parts = type.isUnion() ? type.types : [type]
  return parts.every(part => part.isStringLiteral() || (part.flags & ts.TypeFlags.Undefined) !== 0)
}

/** Whether a string literal sits where it is never shown: a key, a comparison, a quiet call, a type. */
function isQuiet(node) {
  // A tagged template's own text (html``, svg``) is read by templateTexts, not as a string.
  if (ts.isTaggedTemplateExpression(node.parent) && node.parent.template === node) return true
  for (let current = node; current.parent; current = current.parent) {
    const parent = current.parent
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true
    if (ts.isTaggedTemplateExpression(parent) && parent.tag.getText() === 'css') return true
    if (ts.isTemplateSpan(parent) && /\bclass=["']?$/.test(precedingText(parent))) return true
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && QUIET_CALLS.has(calleeName(parent) ?? ''))
      return true
    if (ts.isPropertyAssignment(parent) && parent.name === current) return true
    if (ts.isElementAccessExpression(parent) || ts.isCaseClause(parent)) return true
    if (ts.isBinaryExpression(parent) && /^(===|!==|==|!=)$/.test(parent.operatorToken.getText())) return true
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false
  }
  return false
}

/** Every visible text in `dir`'s files that is not a msg() source, with the node it is at. */
export function findHardCodedTexts(program, dir) {
  const checker = program.getTypeChecker()
  const found = []
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(dir)) continue
    const visit = node => {
      if (ts.isTaggedTemplateExpression(node) && ['html', 'svg'].includes(node.tag.getText())) {
        for (const text of templateTexts(node.template)) found.push({ node, text })
      } else if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        LOOKS_VISIBLE.test(node.text) &&
        !CODE.test(node.text) &&
        !isQuiet(node) &&
        !isEnumValue(node, checker)
      ) {
        found.push({ node, text: node.text })
      } else if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent) && !isQuiet(node)) {
        const text = holeText(node).replaceAll(HOLE, ' ').trim()
        if (LOOKS_VISIBLE.test(text) && !CODE.test(text)) found.push({ node, text })
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return found
}
