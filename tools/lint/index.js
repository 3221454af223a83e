// typescript-eslint, resolved from this workspace so that its parser loads the TypeScript 6 JS API
// installed here (the root's TypeScript 7 is the native compiler, without a JS API).
export { default } from 'typescript-eslint'
