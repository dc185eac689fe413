/** A V8 profile's call frame as the summaries name it: `function  package-or-project/path:line`. */
export function frameName({ functionName, url, lineNumber }: { functionName: string; url: string; lineNumber: number }): string {
  return `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^.*\/(node_modules|apps|libs)\//, '$1/')}:${lineNumber + 1}` : ''}`;
}
