/**
 * A TypeScript transformer (ts-loader's getCustomTransformers, webpack.config.js) that gives every
 * styled component a stable id: `styled.div`...``, `styled(Link)`...`` and their `.attrs(...)`
 * forms become `….withConfig({ componentId: 'sc-<hash>' })`...``, the hash of the file's path
 * (from the project root), the variable's name and its place among the file's styled components.
 *
 * Without it, styled-components numbers its components in the order they are created and derives
 * their class names from that number, so the prerendered sign-in screen (scripts/prerender.mjs,
 * built by another compilation) and the browser bundle, which create them in different orders
 * (lazy chunks), would disagree on class names and the hydrated page would lose its styles.
 * It is what babel-plugin-styled-components does for Babel builds.
 */
const path = require('path');
const { createHash } = require('crypto');

const root = path.resolve(__dirname, '..');

/** Whether `node` is the `styled` default import itself, `styled.tag` or `styled(Component)`. */
function isStyledFactory(ts, node, styledName) {
  if (ts.isIdentifier(node)) return node.text === styledName;
  if (ts.isPropertyAccessExpression(node)) return ts.isIdentifier(node.expression) && node.expression.text === styledName;
  if (ts.isCallExpression(node)) return ts.isIdentifier(node.expression) && node.expression.text === styledName;
  return false;
}

/** Whether a tagged template's tag is a styled factory, possibly with `.attrs(...)` calls after it. */
function isStyledTag(ts, tag, styledName) {
  let node = tag;
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'attrs') {
    node = node.expression.expression;
  }
  return node !== tag || !ts.isIdentifier(node) ? isStyledFactory(ts, node, styledName) : false;
}

/** The default import name of 'styled-components' in a file, or null. */
function styledImportName(ts, file) {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'styled-components') continue;
    const name = statement.importClause?.name;
    if (name) return name.text;
  }
  return null;
}

/** The transformer factory for a `typescript` module (ts-loader passes its own program). */
function styledComponentIds(ts) {
  return (context) => (file) => {
    const styledName = styledImportName(ts, file);
    if (!styledName) return file;
    const relative = path.relative(root, file.fileName).split(path.sep).join('/');
    let index = 0;
    let owner = '';
    const visit = (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const outer = owner;
        owner = node.name.text;
        const visited = ts.visitEachChild(node, visit, context);
        owner = outer;
        return visited;
      }
      const visited = ts.visitEachChild(node, visit, context);
      if (!ts.isTaggedTemplateExpression(visited) || !isStyledTag(ts, visited.tag, styledName)) return visited;
      index += 1;
      const hash = createHash('sha256').update(`${relative}\0${owner}\0${index}`).digest('base64url').replace(/[-_]/g, '').slice(0, 8);
      const f = context.factory;
      const tag = f.createCallExpression(
        f.createPropertyAccessExpression(visited.tag, 'withConfig'),
        undefined,
        [f.createObjectLiteralExpression([f.createPropertyAssignment('componentId', f.createStringLiteral(`sc-${hash}`))])],
      );
      return f.updateTaggedTemplateExpression(visited, tag, visited.typeArguments, visited.template);
    };
    return ts.visitNode(file, visit);
  };
}

module.exports = { styledComponentIds };
